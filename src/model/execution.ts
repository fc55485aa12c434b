import type { Route } from '../schemas/route';

/**
 * Where a transfer the person confirmed in the popup stands, as the background carries it out (see
 * src/background/execution/). The popup only shows it: closing the popup at a wallet prompt does not stop it.
 */
export type ExecutionPhase =
  /** The background is working or waiting for the wallet's answer. */
  | 'running'
  /** The fresh minimum fell below the one shown: the person decides (popup or notification). */
  | 'needsRate'
  /** Stopped without a decision of the person: the tab or its wallet went away, or the browser stopped the worker. */
  | 'interrupted'
  /** Stopped with a reason (declined in the wallet, a guard refused, the service failed); can be continued. */
  | 'failed'
  /** A step before the last was sent; its funds are on their way to the next step's chain. */
  | 'bridging'
  /** They arrived: the next step waits for the person's signature on that chain. */
  | 'needsSignature'
  /** The wallet returned the transfer's hash; tracking (Activity, notifications) takes over from here. */
  | 'sent';

/** The wallet step an execution is at (src/wallet/executeTransfer.ts reports them in this order). */
export type ExecutionStage =
  | 'switching'
  | 'checking-allowance'
  | 'resetting-approval'
  | 'approving'
  | 'approval-pending'
  | 'preparing'
  | 'signing'
  | 'submitted';

/**
 * The person's choice as stored: TransferChoice (src/wallet/choice.ts) with the amount as a decimal string, the
 * reference every transaction of the execution is checked against.
 */
export type StoredChoice = {
  fromChainId: number;
  toChainId: number;
  fromToken: `0x${string}`;
  /** A 0x address, or a base58 SPL mint for Solana. */
  toToken: string;
  fromAmount: string;
  fromAddress?: `0x${string}`;
  /** A base58 key for Solana. */
  toAddress?: string;
  slippage: number;
};

/** What the popup hands over when the person confirms the review. */
export type ExecutionStart = {
  /** The tab whose wallet signs, and which of its wallets (EIP-6963 rdns, else its name). */
  tabId: number;
  wallet: { rdns?: string; name: string };
  account: `0x${string}`;
  /** A 0x address, or a base58 key on Solana. */
  recipient: string;
  choice: StoredChoice;
  route: Route;
  allowUnlimited: boolean;
};

export type ExecutionRecord = ExecutionStart & {
  /** 128 random bits, hex. */
  id: string;
  /** ms since epoch. */
  createdAt: number;
  updatedAt: number;
  phase: ExecutionPhase;
  stage?: ExecutionStage;
  /** The stage a failed or interrupted execution stopped at. */
  stoppedAt?: ExecutionStage;
  /** Why it failed or was interrupted, in the person's language. */
  error?: string;
  /** Base units, decimal: the minimum shown and the fresh one, while `needsRate`. */
  ratePrompt?: { previousMin: string; newMin: string };
  /** Hash of the transfer itself once the wallet returned it (of the current step, in a route of several). */
  txHash?: `0x${string}`;
  /** Routes of several steps: the step under way or next (0-based). */
  step?: number;
  /** Base units the previous step delivered: what the next step spends. */
  arrived?: string;
  /** Hashes of the steps sent so far, in order. */
  stepHashes?: `0x${string}`[];
};

export type ExecutionsById = Record<string, ExecutionRecord>;

/** Phases in which the person has something to do (Activity lists them first, the badge counts them). */
export const NEEDS_PERSON: ReadonlySet<ExecutionPhase> = new Set([
  'needsRate',
  'needsSignature',
  'interrupted',
  'failed',
]);
