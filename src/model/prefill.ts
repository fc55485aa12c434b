/** Prefilled transfer handed from an explorer card to the popup. */
export type Prefill = {
  fromChainId: number;
  fromTokenAddress: string;
  toChainId?: number;
  toTokenAddress?: string;
  /** Human units, e.g. "1.5". */
  amount?: string;
};
