import * as v from 'valibot';
import { i18n } from '#i18n';
import { browser } from '#imports';
import { ForbiddenSenderError } from '../background/errors';
import {
  DetectExplorerTokenSchema,
  GetInlineQuotesSchema,
  MAX_INLINE_DESTINATIONS,
  OpenPrefilledSchema,
} from '../background/handlers/messageSchemas';
import type { DataOf, Handle } from '../background/handlers/registry';
import type { SenderKind } from '../background/handlers/sender';
import { toolbarAction } from '../background/toolbarAction';
import { BaseError } from '../errors/base';
import { compactBridges } from '../format/bridges';
import { parseAmountInput } from '../format/parseAmount';
import type { InlineQuote, InlineQuotesResult } from '../model/inlineQuotes';
import type { Prefill } from '../model/prefill';
import type { Chain, Token } from '../schemas/catalog';
import { ChainAddressSchema } from '../schemas/chainAddress';
import { AddressSchema, isNativeToken, NATIVE_TOKEN_ADDRESS } from '../schemas/primitives';
import type { RouteOrder, RoutesRequest } from '../schemas/requests';
import type { Route, RouteToken } from '../schemas/route';
import { findPageToken } from './loader/pageToken';
import { createQuoteBudget, INLINE_QUOTE_LIMIT_CODE, type QuoteBudget } from './loader/quoteBudget';

/**
 * Background side of the explorer card's messages: detectExplorerToken, getInlineQuotes and openPrefilled (the card
 * itself is injected by ./loader/). Everything it needs from the rest of the background comes in as `deps`, so this
 * file knows nothing of the cache, the API client or the popup; src/background/handlers/registerAll.ts calls
 * `registerExplorerHandlers(handle, deps)` once at start.
 */
export type ExplorerHandlerDeps = {
  /** Current settings; `inlineQuotes: false` makes detectExplorerToken answer null, so no card appears. */
  getSettings(): Promise<{
    inlineQuotes: boolean;
    slippage: number;
    routeOrder: RouteOrder;
    bridges: { allow: string[]; deny: string[]; prefer: string[] };
  }>;
  /** Cached catalog. */
  getChains(): Promise<Chain[]>;
  /** Cached catalog tokens of one chain. */
  getTokens(chainId: number): Promise<Token[]>;
  /** POST /v1/advanced/routes through the background's client (it adds the API key; the content script never does). */
  getRoutes(request: RoutesRequest, signal: AbortSignal): Promise<{ routes: Route[] }>;
  /** Stores the prefill the popup takes with takePrefill. */
  setPrefill(prefill: Prefill): Promise<void>;
  /** Opens the popup, or popup.html in a tab where that is not allowed. Defaults to `openPopupOrTab`. */
  openPopup?(): Promise<void>;
  /** Route requests each tab's card may cause (./loader/quoteBudget.ts); a test seam. */
  quoteBudget?: QuoteBudget;
};

/** Chains whose counterpart is offered first, most used first (the source chain itself is skipped). */
export const POPULAR_DESTINATIONS = [42161, 10, 8453, 1, 137, 56, 43114] as const;
export const DEFAULT_DESTINATION_COUNT = 3;

export class ExplorerRequestError extends BaseError {
  override name = 'ExplorerRequestError';
}

/** The tab's card asked for more quotes than its budget allows; the card shows this calmly and asks again later. */
export class InlineQuoteLimitError extends BaseError {
  override name = 'InlineQuoteLimitError';
  readonly code = INLINE_QUOTE_LIMIT_CODE;
  constructor(readonly retryAfterMs: number) {
    super(i18n.t('card.tooMany'), {
      details: `Budget spent; free again in ${retryAfterMs} ms.`,
    });
  }
}

type ContentSender = Extract<SenderKind, { kind: 'content' }>;

/** The registry already refused other senders (access 'content'); this narrows the type for the handler. */
function contentSender(type: string, sender: Exclude<SenderKind, { kind: 'unknown' }>): ContentSender {
  if (sender.kind !== 'content') throw new ForbiddenSenderError(type, sender.kind);
  return sender;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The token to quote into on `chain`: the same coin (coinKey), else USDC, else the native coin. */
export function counterpartToken(source: Token, chain: Chain, tokens: readonly Token[]): RouteToken {
  const sameCoin = source.coinKey ? tokens.find((t) => t.coinKey === source.coinKey) : undefined;
  const usdc = tokens.find((t) => t.coinKey === 'USDC' || t.symbol === 'USDC');
  const native = tokens.find((t) => isNativeToken(t.address));
  const pick = sameCoin ?? usdc ?? native;
  if (pick && v.is(ChainAddressSchema, pick.address)) return pick as RouteToken;
  return { ...chain.nativeToken, address: NATIVE_TOKEN_ADDRESS };
}

const DESTINATION_TYPES = new Set(['EVM', 'SOLANA']);

/** Destinations the card asked for (in the catalog, not the source), else the popular ones. */
export function pickDestinations(sourceChainId: number, chains: readonly Chain[], asked?: readonly number[]): Chain[] {
  const byId = new Map(chains.map((c) => [c.id, c]));
  const ids = asked?.length
    ? asked
    : [...POPULAR_DESTINATIONS, ...chains.map((c) => c.id)].filter((id) => byId.has(id)).slice(0, 16);
  const out: Chain[] = [];
  for (const id of ids) {
    const chain = byId.get(id);
    // EVM chains and Solana (a destination the popup can send to with a Solana recipient).
    if (!chain || id === sourceChainId || out.includes(chain) || !DESTINATION_TYPES.has(chain.chainType)) continue;
    out.push(chain);
    if (out.length === (asked?.length ? MAX_INLINE_DESTINATIONS : DEFAULT_DESTINATION_COUNT)) break;
  }
  return out;
}

function toInlineQuote(route: Route, chain: Chain, fallbackToken: RouteToken): InlineQuote {
  return {
    toChain: { id: chain.id, name: chain.name, logoURI: chain.logoURI },
    toToken: route.action?.toToken ?? fallbackToken,
    toAmount: route.estimate.toAmount,
    toAmountUSD: route.estimate.toAmountUSD,
    tool: route.tool,
    toolName: route.toolDetails?.name ?? route.tool,
    toolLogoURI: route.toolDetails?.logoURI,
    executionDuration: route.estimate.executionDuration,
  };
}

/** Opens the popup where Chrome allows it without a toolbar click, else popup.html in a new tab. */
export async function openPopupOrTab(): Promise<void> {
  try {
    // Firefox refuses it when extensions.openPopupWithoutUserGesture.enabled is off: the tab is the way there.
    await toolbarAction().openPopup();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html'), active: true });
  }
}

function createExplorerHandlers(deps: ExplorerHandlerDeps) {
  const openPopup = deps.openPopup ?? openPopupOrTab;
  const budget = deps.quoteBudget ?? createQuoteBudget();
  /** One quote request in flight per frame: a newer amount or destination aborts the older search. */
  const inFlight = new Map<string, AbortController>();

  async function findToken(chainId: number, address: string): Promise<Token | null> {
    const tokens = await deps.getTokens(chainId);
    return tokens.find((t) => sameAddress(t.address, address)) ?? null;
  }

  /** A content script only asks about its own page (same origin; the path may have moved with pushState). */
  function ownPage(url: string, from: ContentSender): URL {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(from.url).origin) {
      throw new ForbiddenSenderError('detectExplorerToken', 'cross-origin content');
    }
    return parsed;
  }

  async function detectExplorerToken({ url }: DataOf<'detectExplorerToken'>, from: ContentSender) {
    ownPage(url, from);
    if (!(await deps.getSettings()).inlineQuotes) return null;
    return findPageToken(deps, url);
  }

  async function getInlineQuotes(input: DataOf<'getInlineQuotes'>, from: ContentSender): Promise<InlineQuotesResult> {
    const settings = await deps.getSettings();
    if (!settings.inlineQuotes) throw new ExplorerRequestError(i18n.t('card.off'));
    const chains = await deps.getChains();
    const source = await findToken(input.chainId, input.tokenAddress);
    if (!source || !v.is(AddressSchema, source.address))
      throw new ExplorerRequestError(i18n.t('card.tokenNotSupported'));
    // The card's plain form ("1.5"), read by the popup's rule with the token's decimals (never rounded).
    const amount = parseAmountInput(input.amount, source.decimals, source.symbol, '.');
    if (amount.kind === 'invalid') throw new ExplorerRequestError(amount.message);
    const fromAmount = amount.kind === 'ok' ? amount.value : 0n;
    if (fromAmount <= 0n) throw new ExplorerRequestError(i18n.t('card.aboveZero'));

    const destinations = pickDestinations(input.chainId, chains, input.toChainIds);
    // Per tab, not per frame or document: a page that reloads itself or adds frames shares one budget.
    const waitMs = budget.take(from.tabId, destinations.length);
    if (waitMs > 0) throw new InlineQuoteLimitError(waitMs);

    const key = `${from.tabId}:${from.frameId}`;
    inFlight.get(key)?.abort();
    const controller = new AbortController();
    inFlight.set(key, controller);

    const bridges = compactBridges(settings.bridges);
    const settled = await Promise.allSettled(
      destinations.map(async (chain) => {
        const toToken = counterpartToken(source, chain, await deps.getTokens(chain.id));
        const request: RoutesRequest = {
          fromChainId: String(input.chainId),
          fromTokenAddress: source.address,
          toChainId: String(chain.id),
          toTokenAddress: toToken.address,
          fromAmount: fromAmount.toString(),
          options: {
            maxRoutes: 1,
            order: settings.routeOrder,
            slippage: settings.slippage,
            ...(bridges ? { bridges } : {}),
          },
        };
        const { routes } = await deps.getRoutes(request, controller.signal);
        const best = routes[0];
        if (!best) throw new ExplorerRequestError(i18n.t('card.noRoute'));
        return toInlineQuote(best, chain, toToken);
      }),
    );
    if (inFlight.get(key) === controller) inFlight.delete(key);
    if (controller.signal.aborted) throw new ExplorerRequestError(i18n.t('card.superseded'));

    const result: InlineQuotesResult = { quotes: [], errors: [] };
    settled.forEach((outcome, i) => {
      const chain = destinations[i]!;
      if (outcome.status === 'fulfilled') result.quotes.push(outcome.value);
      else
        result.errors.push({
          toChainId: chain.id,
          message: outcome.reason instanceof BaseError ? outcome.reason.shortMessage : i18n.t('card.noQuote'),
        });
    });
    return result;
  }

  async function openPrefilled(prefill: Prefill): Promise<void> {
    const chains = await deps.getChains();
    if (!chains.some((c) => c.id === prefill.fromChainId))
      throw new ExplorerRequestError(i18n.t('card.chainNotSupported'));
    if (prefill.toChainId !== undefined && !chains.some((c) => c.id === prefill.toChainId))
      throw new ExplorerRequestError(i18n.t('card.chainNotSupported'));
    await deps.setPrefill(prefill);
    await openPopup();
  }

  return { detectExplorerToken, getInlineQuotes, openPrefilled };
}

/**
 * The card's three messages, content scripts only, through the background's one message registry (it checks the
 * sender and the data with the schemas in src/background/handlers/messageSchemas.ts before `run`).
 */
export function registerExplorerHandlers(handle: Handle, deps: ExplorerHandlerDeps): void {
  const handlers = createExplorerHandlers(deps);
  handle('detectExplorerToken', {
    access: 'content',
    schema: DetectExplorerTokenSchema,
    run: (data, sender) => handlers.detectExplorerToken(data, contentSender('detectExplorerToken', sender)),
  });
  handle('getInlineQuotes', {
    access: 'content',
    schema: GetInlineQuotesSchema,
    run: (data, sender) => handlers.getInlineQuotes(data, contentSender('getInlineQuotes', sender)),
  });
  handle('openPrefilled', {
    access: 'content',
    schema: OpenPrefilledSchema,
    run: (data, sender) => {
      contentSender('openPrefilled', sender);
      return handlers.openPrefilled(data);
    },
  });
}
