import { defineExtensionMessaging } from '@webext-core/messaging';
import type { Chain, Token, ToolsResponse } from '../schemas/catalog';
import type { RouteOrder, RoutesRequest } from '../schemas/requests';
import type { Route, RouteToken, Step, StepTransactionResponse, UnavailableRoutes } from '../schemas/route';
import type { ApiDialectSetting } from '../storage/settings';
import type { Reply } from './reply';

/**
 * The one protocol between extension pages / content scripts and the background.
 * Every handler validates its input with the schemas in `protocolSchemas.ts` and checks the sender
 * (extension page vs content script of which tab) before doing anything.
 */

/** Settings as the UI may see them: the API key itself never leaves the background. */
export type PublicSettings = {
  apiBaseUrl: string;
  hasApiKey: boolean;
  slippage: number;
  routeOrder: RouteOrder;
  bridges: { allow: string[]; deny: string[]; prefer: string[] };
  notifications: boolean;
  inlineQuotes: boolean;
  apiDialect: ApiDialectSetting;
  rpcUrls: Record<string, string>;
};

/** `apiKey: ''` clears the key. */
export type SettingsPatch = Partial<Omit<PublicSettings, 'hasApiKey'>> & { apiKey?: string };

export type RoutesResult = {
  routes: Route[];
  unavailableRoutes?: UnavailableRoutes;
  /** ms since epoch when the service answered (for the refresh countdown). */
  fetchedAt: number;
};

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
  fromAmount: string;
  toAmount: string;
  toAmountMin: string;
  fromAddress: `0x${string}`;
  toAddress: `0x${string}`;
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
   * sent transaction could not be found or read on chain (see transferStatus.ts LOCAL_STATUS).
   */
  status: string;
  /** The source chain's word on the sent transaction; status tracking starts once it is verified (or cannot be). */
  sentCheck: SentCheck;
  /** How a DONE status disagreed with the record (then `status` is `MISMATCH`). */
  statusDifferences?: Difference[];
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

/** Prefilled transfer handed from an explorer card to the popup. */
export type Prefill = {
  fromChainId: number;
  fromTokenAddress: string;
  toChainId?: number;
  toTokenAddress?: string;
  /** Human units, e.g. "1.5". */
  amount?: string;
};

export type DetectedToken = { chain: Chain; token: Token };

export type InlineQuote = {
  toChain: Pick<Chain, 'id' | 'name' | 'logoURI'>;
  toToken: RouteToken;
  toAmount: string;
  toAmountUSD?: string;
  tool: string;
  toolName: string;
  toolLogoURI?: string;
  executionDuration?: number;
};

export type InlineQuotesResult = { quotes: InlineQuote[]; errors: { toChainId: number; message: string }[] };

export interface ProtocolMap {
  // Extension pages (popup, options) only.
  getSettings(): Reply<PublicSettings>;
  updateSettings(patch: SettingsPatch): Reply<PublicSettings>;
  getStepTransaction(data: {
    step: Step;
    senderAddress: string;
    recipientAddress: string;
  }): Reply<StepTransactionResponse>;
  trackTransfer(data: TransferInput): Reply<TransferRecord>;
  getTransfers(): Reply<TransferRecord[]>;
  /** Extension pages: until when (epoch ms, 0 for not) the service asked the extension to hold its requests. */
  getServiceHold(): Reply<{ until: number }>;
  takePrefill(): Reply<Prefill | null>;
  /**
   * Sent right before the popup asks tab `tabId`'s wallet for the transfer transaction (not approvals). `watchId`
   * (128-bit random hex) travels with that request to the relay content script, which reports the hash with
   * reportSentTransaction even when the popup closed meanwhile. Expires after 30 minutes.
   */
  expectTransfer(data: { watchId: string; tabId: number; transfer: ExpectedTransfer }): Reply<void>;

  // Extension pages and content scripts.
  getChains(): Reply<Chain[]>;
  getTools(): Reply<ToolsResponse>;
  searchTokens(data: { query: string; chainId?: number; limit?: number }): Reply<Token[]>;
  getToken(data: { chainId: number; address: string }): Reply<Token | null>;
  /** `channel` names the caller's stream of requests: a newer request on the same channel aborts the older one. */
  getRoutes(data: { request: RoutesRequest; channel: string }): Reply<RoutesResult>;

  // Content scripts.
  /** null when the URL is not a catalog token's page, and whenever the `inlineQuotes` setting is off (no card). */
  detectExplorerToken(data: { url: string }): Reply<DetectedToken | null>;
  getInlineQuotes(data: {
    chainId: number;
    tokenAddress: string;
    /** Human units as typed in the card, e.g. "100"; the background applies the catalog token's decimals. */
    amount: string;
    /** Default: two or three popular chains other than `chainId`. */
    toChainIds?: number[];
  }): Reply<InlineQuotesResult>;
  openPrefilled(data: Prefill): Reply<void>;
  /**
   * Sent by the wallet relay (src/wallet/relay.ts) when the page's wallet answered a watched eth_sendTransaction:
   * the background records the transfer registered by expectTransfer for the sender's tab (idempotent by hash, like
   * trackTransfer). Refused with UNKNOWN_WATCH for an unknown, expired or other tab's watch ID.
   */
  reportSentTransaction(data: { watchId: string; txHash: `0x${string}` }): Reply<void>;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
