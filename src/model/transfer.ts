import type { RouteToken } from '../schemas/route';

/**
 * The transaction the popup's guards passed and asked the wallet to send. It travels from the popup to the background
 * only (expectTransfer, trackTransfer), never through the page; the background compares the chain's copy of the sent
 * transaction with it before the transfer counts as the person's.
 */
export type ApprovedTransaction = {
  chainId: number;
  from: `0x${string}`;
  to: `0x${string}`;
  data: `0x${string}`;
  /** Native value in wei, decimal. */
  value: string;
};

/** A way the chain's copy of a transaction, or the service's status, differs from what the person approved. */
export type Difference = { field: string; expected: string; actual: string };

/**
 * What the trusted RPC of the source chain said about the sent transaction (src/background/transfers/sentCheck.ts).
 * `rpcHost` names the RPC by host only (an override URL may carry a key in its path).
 */
export type SentCheck =
  | { state: 'pending'; attempts: number; lastError?: string }
  | { state: 'verified'; rpcHost: string }
  | { state: 'mismatch'; rpcHost: string; differences: Difference[] }
  /** The RPC answered, but knew no transaction with this hash within the bound. */
  | { state: 'notFound'; rpcHost: string }
  /** The RPC could not be read within the bound. */
  | { state: 'unreachable'; rpcHost: string; lastError: string }
  /** The extension trusts no RPC for the source chain: said plainly, never taken as verified. */
  | { state: 'noTrustedRpc' }
  /** Recorded by a version that did not check sent transactions. */
  | { state: 'notChecked' };

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
  /**
   * The token the bridge itself delivers on the destination chain, when a swap there should turn it into `toToken`:
   * a PARTIAL delivers this one instead, and the arrival watch looks for either.
   */
  bridgeToken?: RouteToken;
  fromAmount: string;
  toAmount: string;
  toAmountMin: string;
  fromAddress: `0x${string}`;
  /** A 0x address, or a base58 key on Solana. */
  toAddress: string;
  /** Seconds, from the route's estimate. */
  executionDuration: number;
  fromAmountUSD?: string;
  toAmountUSD?: string;
  /** What the wallet was asked to send; the chain's copy must match it exactly. */
  approvedTx: ApprovedTransaction;
};

/** What the popup knows of a transfer before the wallet returns its hash (see expectTransfer). */
export type ExpectedTransfer = Omit<TransferInput, 'txHash'>;

export type TransferRecord = TransferInput & {
  createdAt: number;
  updatedAt: number;
  /**
   * Spec status as last reported, or `SUBMITTED` before the first answer, `LOST` after the NOT_FOUND grace,
   * `MISMATCH` when the sent transaction or the final status is not what the person approved, `UNVERIFIED` when the
   * sent transaction could not be found or read on chain (see src/background/transfers/localStatus.ts).
   */
  status: string;
  /** The source chain's word on the sent transaction; status tracking starts once it is verified (or cannot be). */
  sentCheck: SentCheck;
  /** How a DONE status disagreed with the record (then `status` is `MISMATCH`). */
  statusDifferences?: Difference[];
  substatus?: string;
  substatusMessage?: string;
  sendingTxLink?: string;
  /** The service's page following the whole transfer (the bridge's explorer or LI.FI's scan), when it gives one. */
  explorerLink?: string;
  receiving?: { txHash?: string; txLink?: string; amount?: string; token?: RouteToken; chainId?: number };
  /** True once a terminal outcome is recorded; polling stops. */
  final: boolean;
  nextCheckAt?: number;
  checks: number;
  consecutiveErrors: number;
  lastError?: string;
  notifiedAt?: number;
};
