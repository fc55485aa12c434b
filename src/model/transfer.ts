import type { Words } from '../i18n/producedWords';
import type { Route, RouteToken } from '../schemas/route';
import type { TransferChoice } from './choice';
import type { StoredFeeShare } from './feeShares';

/**
 * One record per transfer the person confirmed: what they chose, where the background's execution of it stands
 * (src/background/execution/), and every transaction it sent with what the chain and the routing service said of it
 * (src/background/transfers/). One storage item holds them all (src/storage/transfers.ts), written by one store
 * under one lock, watched once by the popup.
 */

/**
 * Where a transfer the person confirmed in the popup stands, as the background carries it out. The popup only shows
 * it: closing the popup at a wallet prompt does not stop it.
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
  | 'sent'
  /**
   * The person stopped a route of several steps after a step arrived, asked first: what arrived stays on that chain,
   * the later steps are never signed. Named "Stopped after step n" wherever the transfer is shown.
   */
  | 'stopped';

/** The wallet step an execution is at (src/signing/executeTransfer.ts reports them in this order). */
export type ExecutionStage =
  | 'switching'
  | 'checking-allowance'
  | 'resetting-approval'
  | 'approving'
  | 'approval-pending'
  | 'preparing'
  | 'signing'
  | 'submitted';

/** What the popup hands over when the person confirms the review. */
export type ExecutionStart = {
  /** The tab whose wallet signs, and which of its wallets (EIP-6963 rdns, else its name). */
  tabId: number;
  wallet: { rdns?: string; name: string };
  account: `0x${string}`;
  /** A 0x address, or a base58 key on Solana. */
  recipient: string;
  /** The reference every transaction of the execution is checked against (stored through src/storage/transfersCodec.ts). */
  choice: TransferChoice;
  route: Route;
  allowUnlimited: boolean;
};

/** The execution part of a record: the person's choice and where carrying it out stands. No hash: see `sends`. */
export type Execution = ExecutionStart & {
  phase: ExecutionPhase;
  stage?: ExecutionStage;
  /**
   * The stages the latest attempt at the current step went through, in order: a network switch or an approval that
   * is not among them was not needed (the progress says so rather than ticking it off).
   */
  passed?: ExecutionStage[];
  /** The stage a failed or interrupted execution stopped at. */
  stoppedAt?: ExecutionStage;
  /** Why it failed or was interrupted, in the language spoken when it stopped. */
  error?: string;
  /**
   * The words `error` was made of, when the worker made it (src/i18n/producedWords.ts): Activity says them in the
   * language chosen now, else shows `error`. Read back from storage, so checked before use (src/i18n/storedWords.ts).
   */
  errorWords?: Words;
  /** What the person should know of how it goes on, in their language (a wallet that could not batch asks twice). */
  notice?: string;
  /** Base units, decimal: the minimum shown and the fresh one, while `needsRate`. */
  ratePrompt?: { previousMin: string; newMin: string };
  /** Routes of several steps: the step under way or next (0-based). */
  step?: number;
  /** Base units the previous step delivered: what the next step spends. */
  arrived?: string;
  /**
   * With gas on arrival chosen, the native coin (wei, decimal) the account held on the next step's chain when that
   * step became ready, read through the chain's trusted RPC (gasArrival.ts): never the service's figure.
   */
  gasRead?: { chainId: number; balance: string };
};

/** Phases in which the person has something to do (Activity lists them first, the badge counts them). */
export const NEEDS_PERSON: ReadonlySet<ExecutionPhase> = new Set([
  'needsRate',
  'needsSignature',
  'interrupted',
  'failed',
]);

/**
 * The transaction the guards passed and the wallet was asked to send. It never travels through the page; the
 * background compares the chain's copy of the sent transaction with it before the transfer counts as the person's.
 */
export type ApprovedTransaction = {
  chainId: number;
  from: `0x${string}`;
  to: `0x${string}`;
  data: `0x${string}`;
  /** Native value in wei, decimal. */
  value: string;
  /**
   * The calls sent before this one in the same atomic batch (EIP-5792: the approvals), when it was one: a smart
   * account may then carry them all in one transaction (src/background/transfers/batchedExecution.ts).
   */
  batchedWith?: { to: `0x${string}`; data: `0x${string}`; value: string }[];
};

/** A way the chain's copy of a transaction, or the service's status, differs from what the person approved. */
export type Difference = { field: string; expected: string; actual: string };

/**
 * What the trusted RPC of the source chain said about the sent transaction (src/background/transfers/sentCheck.ts).
 * `rpcHost` names the RPC by host only (an override URL may carry a key in its path).
 */
export type SentCheck =
  | { state: 'pending'; attempts: number; lastError?: string }
  /** `gasPaid`: what the transaction cost in the native coin's smallest unit, read from its receipt (decimal). */
  | { state: 'verified'; rpcHost: string; gasPaid?: string }
  /**
   * The person's transaction, mined and reverted: nothing left but the gas. `reason` in words (Activity, the
   * notification); `revertData` raw, for the details only.
   */
  | { state: 'reverted'; rpcHost: string; reason: string; revertData?: `0x${string}`; gasPaid?: string }
  | { state: 'mismatch'; rpcHost: string; differences: Difference[] }
  /** The RPC answered, but knew no transaction with this hash within the bound. */
  | { state: 'notFound'; rpcHost: string }
  /** The RPC could not be read within the bound. */
  | { state: 'unreachable'; rpcHost: string; lastError: string }
  /** The extension trusts no RPC for the source chain: said plainly, never taken as verified. */
  | { state: 'noTrustedRpc' }
  /**
   * The wallet cancelled it: the transaction mined at its nonce (`by`) calls nothing and moves nothing to anyone else
   * (src/background/transfers/replacement.ts). Nothing of the transfer was sent.
   */
  | { state: 'cancelled'; rpcHost: string; by: `0x${string}`; byLink?: string }
  /**
   * Another transaction (`by`) was mined at its nonce, one that is not what the person approved: a warning. `byLink`
   * (both states): its explorer page, which Activity links instead of the first hash's, never mined.
   */
  | { state: 'replaced'; rpcHost: string; by: `0x${string}`; differences: Difference[]; byLink?: string }
  /** Recorded by a version that did not check sent transactions. */
  | { state: 'notChecked' };

/**
 * The destination chain's word on an arrival the service reported. `amount` is base units of the token read (the
 * promised one; the bridge's for a PARTIAL; the sent one for a REFUNDED), decimal.
 */
export type ArrivalState =
  /** The service reports arrival; the extension is reading it on chain (`attempts` reads so far). */
  | { state: 'confirming'; attempts: number; lastError?: string }
  | { state: 'confirmed'; amount: string; rpcHost: string }
  /** The chain shows otherwise (src/confirmation/arrivalCheck.ts's reasons): never "complete". */
  | { state: 'contradicted'; reason: string; amount?: string; rpcHost: string }
  /** Nothing could be read (no trusted RPC, none named, unreadable): the arrival is the service's word. */
  | { state: 'unchecked'; reason: string; rpcHost?: string; detail?: string };

/** A sent transaction as handed to the tracker once the wallet returned its hash; recorded before any polling. */
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
  /**
   * The step's fees by who takes them, as the routing service quoted them when sent: its word, never read on chain.
   * The history exports them beside the figures the chains gave.
   */
  fees?: StoredFeeShare[];
  /** The source chain's coin in USD as the service priced it when sent: the gas paid, read on chain, is valued at it. */
  coinPriceUSD?: string;
  /** What the wallet was asked to send; the chain's copy must match it exactly. */
  approvedTx: ApprovedTransaction;
  /**
   * The account's next nonce as the source chain's trusted RPC counted it (pending included) right before the wallet
   * was asked (src/background/transfers/expectations.ts): where a replacement is looked for when the RPC never sees
   * the sent transaction itself. Only a guess of the nonce the wallet used; absent when it could not be read.
   */
  nonceAtSend?: number;
  /**
   * Why it went ahead without a simulation (the trusted RPC could not simulate a plain bridge call), in the person's
   * words, for Activity to say so; absent when it was simulated right before the signature.
   */
  notSimulated?: string;
  /**
   * A transfer made elsewhere that the person looked up by its hash (src/background/lookup/): not sent by the
   * extension, never trusted beyond what the chain shows; absent for the extension's own transfers.
   */
  lookedUp?: LookedUp;
};

/**
 * What a looked-up transfer's record knows beside the chain's reads. The destination token is the service's word
 * until it names one (`toTokenNamed`); the usual duration comes from the routes the service offered for its bridge.
 */
export type LookedUp = {
  /** When the person looked it up (ms since epoch). */
  at: number;
  /** When the source transaction's block was made, read on chain (ms since epoch). */
  minedAt?: number;
  /** Whether the service named the token it delivers yet; until then `toToken` is only the token sent. */
  toTokenNamed: boolean;
  /** Seconds the routes the service offered for this bridge estimated (their median); undefined: nothing known. */
  usualSeconds?: number;
};

/** Where a sent transaction's replacement is looked for (src/background/transfers/sentCheck.ts, lateNonceWatch.ts). */
export type NonceWatch = {
  nonce: number;
  checkedBlock?: string;
  /**
   * The nonce is `nonceAtSend`, read from the account before the wallet was asked, not seen on the transaction: only
   * the approved call itself found there is taken (a speed-up); anything else may be another of the wallet's sends.
   */
  beforeSend?: true;
  /** With `beforeSend`: another transaction than the approved one was mined there (its hash); the guess is dropped. */
  otherThere?: `0x${string}`;
  /**
   * When the pending transaction is read again for a replacement, once its sent check settled with it still not
   * mined (ms since epoch; src/background/transfers/lateNonceWatch.ts).
   */
  nextReadAt?: number;
};

/** One status the service gave a transaction, kept for the support details (src/popup/supportDetails.ts). */
export type StatusStep = { at: number; status: string; substatus?: string };

/** What is known of a transaction before the wallet returns its hash (see src/background/transfers/expectations.ts). */
export type ExpectedTransfer = Omit<TransferInput, 'txHash'>;

/**
 * One transaction a record sent, and what was learnt of it since. Its hash is written once, by whichever learns it
 * first: the execution when the wallet returns it, or the wallet relay's report when the popup and worker missed it.
 */
export type SentTransfer = TransferInput & {
  /** The route step (0-based) this transaction carries out, when an execution sent it. */
  step?: number;
  /**
   * The sender's nonce as the trusted RPC showed the pending transaction, and the last block (decimal) read to hold
   * no transaction at it: where a replacement by the wallet is looked for (src/chains/readReplacement.ts). Dropped
   * once the transaction is read mined.
   */
  nonceWatch?: NonceWatch;
  /**
   * The hash the wallet first returned, when it sped the transaction up: the record follows the one mined in its
   * place (`txHash`), checked against what was approved as the first would have been.
   */
  spedUpFrom?: `0x${string}`;
  createdAt: number;
  updatedAt: number;
  /**
   * Spec status as last reported, or `SUBMITTED` before the first answer, `LOST` after the NOT_FOUND grace,
   * `MISMATCH` when the sent transaction or the final status is not what the person approved, `UNVERIFIED` when the
   * sent transaction could not be found or read on chain (see src/model/localStatus.ts).
   */
  status: string;
  /** The source chain's word on the sent transaction; status tracking starts once it is verified (or cannot be). */
  sentCheck: SentCheck;
  /** How a DONE status disagreed with the record (then `status` is `MISMATCH`). */
  statusDifferences?: Difference[];
  substatus?: string;
  substatusMessage?: string;
  /** Each status the service gave as it changed, oldest first (kept since storage v3; older records have none). */
  history?: StatusStep[];
  sendingTxLink?: string;
  /** The service's page following the whole transfer (the bridge's explorer or LI.FI's scan), when it gives one. */
  explorerLink?: string;
  receiving?: { txHash?: string; txLink?: string; amount?: string; token?: RouteToken; chainId?: number };
  /**
   * What the destination chain's trusted RPC said of the receiving transaction a DONE named
   * (src/background/transfers/arrivalConfirm.ts): the service's DONE counts only once it is `confirmed`.
   */
  arrival?: ArrivalState;
  /** True once a terminal outcome is recorded; polling stops. */
  final: boolean;
  nextCheckAt?: number;
  checks: number;
  consecutiveErrors: number;
  lastError?: string;
  notifiedAt?: number;
};

export type TransferRecord = {
  /** The execution's ID (128 random bits, hex); a transfer recorded without one is keyed by its lower-cased hash. */
  id: string;
  /** ms since epoch. */
  createdAt: number;
  updatedAt: number;
  /** Absent for a transfer recorded without an execution (before executions existed, or dismissed since). */
  execution?: Execution;
  /** The transactions sent, in the order the wallet returned them (a route of several steps sends one per step). */
  sends: SentTransfer[];
};

/** A record the background carries out, or did: what the popup follows and Activity offers to continue. */
export type ExecutionRecord = TransferRecord & { execution: Execution };

export type TransfersById = Record<string, TransferRecord>;

export const hasExecution = (record: TransferRecord): record is ExecutionRecord => record.execution !== undefined;

/** The transaction of the execution's current step, once sent (the one whose arrival the next step waits for). */
export function currentSend(record: TransferRecord): SentTransfer | undefined {
  const step = record.execution?.step ?? 0;
  return record.sends.findLast((send) => (send.step ?? 0) === step);
}

/**
 * The stages the latest attempt at the current step went through, as the progress reads them: `passed`, or
 * `'unrecorded'` for an attempt that went through some but whose record does not say which, one stored before
 * `passed` was kept (storage v3 gained it without a migration, which could not have known them either). The
 * background writes `passed` with every stage it reports and clears both when an attempt starts again, so an attempt
 * that began (a stage, a stop at one, or a transaction sent) with no `passed` is such a record. `undefined`: nothing
 * reported yet.
 */
export function stagesPassed(execution: Execution): readonly ExecutionStage[] | 'unrecorded' | undefined {
  if (execution.passed) return execution.passed;
  const begun =
    execution.stage !== undefined ||
    execution.stoppedAt !== undefined ||
    execution.phase === 'sent' ||
    execution.phase === 'bridging' ||
    execution.phase === 'needsSignature';
  return begun ? 'unrecorded' : undefined;
}

/** Every sent transaction of every record, newest first (Activity lists them; the scheduler polls them). */
export const sendsOf = (records: Iterable<TransferRecord>): SentTransfer[] =>
  [...records].flatMap((record) => record.sends).sort((a, b) => b.createdAt - a.createdAt);

/** The records the background carries out or did, newest first. */
export const executionsOf = (records: Iterable<TransferRecord>): ExecutionRecord[] =>
  [...records].filter(hasExecution).sort((a, b) => b.createdAt - a.createdAt);

/** Which record, and which of its route's steps, a transaction belongs to when an execution sends it. */
export type SendOwner = { executionId: string; step: number };
