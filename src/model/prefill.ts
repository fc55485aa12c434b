/** Prefilled transfer handed from an explorer card to the popup. */
export type Prefill = {
  fromChainId: number;
  fromTokenAddress: string;
  toChainId?: number;
  /** 0x on EVM chains, an SPL mint (base58) on Solana. */
  toTokenAddress?: string;
  /** Human units, e.g. "1.5". */
  amount?: string;
};
