import type { RouteToken } from '../schemas/route';

/** What the popup hands over after the wallet returned a hash; recorded before any polling. */
export type TransferInput = {
  txHash: `0x${string}`;
  routeId: string;
  tool: string;
  toolName: string;
  fromChainId: number;
  toChainId: number;
  fromToken: RouteToken;
  toToken: RouteToken;
  fromAmount: string;
  toAmount: string;
  toAmountMin: string;
  fromAddress: `0x${string}`;
  toAddress: `0x${string}`;
  /** Seconds, from the route's estimate. */
  executionDuration: number;
  fromAmountUSD?: string;
  toAmountUSD?: string;
};

/** What the popup knows of a transfer before the wallet returns its hash (see expectTransfer). */
export type ExpectedTransfer = Omit<TransferInput, 'txHash'>;

export type TransferRecord = TransferInput & {
  createdAt: number;
  updatedAt: number;
  /** Spec status as last reported, or `SUBMITTED` before the first answer, or `LOST` after the NOT_FOUND grace. */
  status: string;
  substatus?: string;
  substatusMessage?: string;
  sendingTxLink?: string;
  receiving?: { txHash?: string; txLink?: string; amount?: string; token?: RouteToken; chainId?: number };
  /** True once a terminal outcome is recorded; polling stops. */
  final: boolean;
  nextCheckAt?: number;
  checks: number;
  consecutiveErrors: number;
  lastError?: string;
  notifiedAt?: number;
};
