import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ExecutionRecord, ExecutionStart } from '../model/execution';
import type { DetectedToken, InlineQuotesResult } from '../model/inlineQuotes';
import type { Prefill } from '../model/prefill';
import type { RoutesResult } from '../model/routes';
import type { PublicSettings, SettingsPatch } from '../model/settings';
import type { ExpectedTransfer, TransferInput, TransferRecord } from '../model/transfer';
import type { Chain, Token, ToolsResponse } from '../schemas/catalog';
import type { RoutesRequest } from '../schemas/requests';
import type { Step, StepTransactionResponse } from '../schemas/route';
import type { Reply } from './reply';

/**
 * The one protocol between extension pages / content scripts and the background. The background registers every
 * handler through src/background/handlers/registry.ts, which checks the sender (extension page vs content script of
 * which tab) and validates the data with the schemas in src/background/handlers/messageSchemas.ts before anything
 * runs. The types it carries live in src/model/.
 */
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
   * Whether the recipient is a contract on the destination chain, read through the RPC the extension trusts for it:
   * `unknown` when there is none or it could not be read (the popup then says nothing rather than guess).
   */
  getRecipientKind(data: { chainId: number; address: `0x${string}` }): Reply<{ kind: RecipientKind }>;
  /**
   * The ERC-20 allowance `owner` gave `spender`, read through the RPC the extension trusts for the chain, as a
   * decimal string; absent when there is none or it could not be read (the review then says what may be asked).
   */
  getAllowance(data: {
    chainId: number;
    token: `0x${string}`;
    owner: `0x${string}`;
    spender: `0x${string}`;
  }): Reply<{ allowance?: string }>;
  /**
   * Balances of `owner` for up to 100 tokens of one chain (the zero address for the native coin), read through the
   * trusted RPC in one batched request, as decimal strings keyed by lower-case address; a token that could not be
   * read is absent, and so is every balance when the chain has no trusted RPC.
   */
  getBalances(data: { chainId: number; owner: `0x${string}`; tokens: `0x${string}`[] }): Reply<{
    balances: Record<string, string>;
  }>;
  /**
   * A token that is not in the service's list, as its contract describes itself through the trusted RPC: with
   * `save`, it is also remembered and found by later searches (marked `imported`). Fails with a reason when the
   * address is not a token on that chain or the chain has no trusted RPC.
   */
  importToken(data: { chainId: number; address: `0x${string}`; save: boolean }): Reply<Token>;
  /**
   * Sent right before the popup asks tab `tabId`'s wallet for the transfer transaction (not approvals). `watchId`
   * (128-bit random hex) travels with that request to the relay content script, which reports the hash with
   * reportSentTransaction even when the popup closed meanwhile. Expires after 30 minutes.
   */
  expectTransfer(data: { watchId: string; tabId: number; transfer: ExpectedTransfer }): Reply<void>;
  /**
   * The person confirmed the review: the background carries the transfer out through tab `tabId`'s wallet (switch,
   * approval, fresh step transaction, guards, send) whether the popup stays open or not, and keeps its record in
   * `local:executions`, which the popup watches. Resolves once the record is stored, before the wallet is asked.
   */
  startExecution(data: ExecutionStart): Reply<ExecutionRecord>;
  /**
   * Runs a failed or interrupted execution again from the top (Activity's Continue), through tab `tabId`'s wallet
   * when given (the popup's tab: the one it started in may be gone).
   */
  continueExecution(data: { id: string; tabId?: number }): Reply<ExecutionRecord>;
  /** The person's answer when the fresh minimum fell below the one shown. */
  answerExecutionRate(data: { id: string; accept: boolean }): Reply<void>;
  /** Stops waiting for the wallet's answer (the execution fails and can be continued). */
  stopExecution(data: { id: string }): Reply<void>;
  /** Forgets an execution that is not running. */
  dismissExecution(data: { id: string }): Reply<void>;

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

/** What the destination chain says a recipient address is. */
export type RecipientKind = 'contract' | 'account' | 'unknown';

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
