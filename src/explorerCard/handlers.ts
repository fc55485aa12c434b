import * as v from 'valibot';
import { parseUnits } from 'viem';
import { browser } from '#imports';
import { BaseError } from '../errors/base';
import type { DetectedToken, InlineQuote, InlineQuotesResult, Prefill } from '../messaging/protocol';
import { onMessage } from '../messaging/protocol';
import { type Reply, toReply } from '../messaging/reply';
import type { Chain, Token } from '../schemas/catalog';
import { AddressSchema, isNativeToken, NATIVE_TOKEN_ADDRESS } from '../schemas/primitives';
import type { RouteOrder, RoutesRequest } from '../schemas/requests';
import type { Route, RouteToken } from '../schemas/route';
import { findPageToken } from './loader/pageToken';

/**
 * Background side of the explorer card's messages: detectExplorerToken, getInlineQuotes and openPrefilled (the card
 * itself is injected by ./loader/). Everything it needs
 * from the rest of the background comes in as `deps`, so this file knows nothing of the cache, the API client or
 * the popup; the background's message registry calls `registerExplorerHandlers(deps)` once at start.
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
  /** Defaults to `browser.runtime.id`. */
  extensionId?: string;
};

export type Sender = { id?: string; url?: string; tab?: { id?: number }; frameId?: number; documentId?: string };

/** Chains whose counterpart is offered first, most used first (the source chain itself is skipped). */
export const POPULAR_DESTINATIONS = [42161, 10, 8453, 1, 137, 56, 43114] as const;
export const DEFAULT_DESTINATION_COUNT = 3;
const MAX_DESTINATIONS = 5;

export class ExplorerRequestError extends BaseError {
  override name = 'ExplorerRequestError';
}

const ChainIdInput = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
/** Human units as typed in the card, e.g. "100" or "0.25". */
const HumanAmountInput = v.pipe(v.string(), v.regex(/^\d{1,30}(\.\d{1,36})?$/, 'must be a decimal amount'));

const PageUrlInput = v.pipe(v.string(), v.maxLength(2048), v.url(), v.regex(/^https?:/i, 'must be an http(s) URL'));
const DetectInput = v.object({ url: PageUrlInput });
const InlineQuotesInput = v.object({
  chainId: ChainIdInput,
  tokenAddress: AddressSchema,
  amount: HumanAmountInput,
  toChainIds: v.optional(v.pipe(v.array(ChainIdInput), v.maxLength(MAX_DESTINATIONS))),
});
const PrefillInput = v.object({
  fromChainId: ChainIdInput,
  fromTokenAddress: AddressSchema,
  toChainId: v.optional(ChainIdInput),
  toTokenAddress: v.optional(AddressSchema),
  amount: v.optional(HumanAmountInput),
});

type ContentSender = { tabId: number; frameId: number; origin: string };

/** Only our own content scripts, in a tab, on an http(s) page. Anything else is dropped without details. */
function contentSender(sender: Sender, extensionId: string): ContentSender {
  const tabId = sender.tab?.id;
  let origin: string | undefined;
  try {
    const url = sender.url ? new URL(sender.url) : undefined;
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) origin = url.origin;
  } catch {
    origin = undefined;
  }
  if (sender.id !== extensionId || typeof tabId !== 'number' || tabId < 0 || !origin) {
    throw new ExplorerRequestError('Not allowed.');
  }
  return { tabId, frameId: sender.frameId ?? 0, origin };
}

function parseInput<T extends v.GenericSchema>(schema: T, data: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new ExplorerRequestError('Invalid request.', { details: result.issues[0]?.message });
  return result.output;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The token to quote into on `chain`: the same coin (coinKey), else USDC, else the native coin. */
export function counterpartToken(source: Token, chain: Chain, tokens: readonly Token[]): RouteToken {
  const sameCoin = source.coinKey ? tokens.find((t) => t.coinKey === source.coinKey) : undefined;
  const usdc = tokens.find((t) => t.coinKey === 'USDC' || t.symbol === 'USDC');
  const native = tokens.find((t) => isNativeToken(t.address));
  const pick = sameCoin ?? usdc ?? native;
  if (pick && v.is(AddressSchema, pick.address)) return pick as RouteToken;
  return { ...chain.nativeToken, address: NATIVE_TOKEN_ADDRESS };
}

/** Destinations the card asked for (in the catalog, not the source), else the popular ones. */
export function pickDestinations(sourceChainId: number, chains: readonly Chain[], asked?: readonly number[]): Chain[] {
  const byId = new Map(chains.map((c) => [c.id, c]));
  const ids = asked?.length
    ? asked
    : [...POPULAR_DESTINATIONS, ...chains.map((c) => c.id)].filter((id) => byId.has(id)).slice(0, 16);
  const out: Chain[] = [];
  for (const id of ids) {
    const chain = byId.get(id);
    if (!chain || id === sourceChainId || out.includes(chain) || chain.chainType !== 'EVM') continue;
    out.push(chain);
    if (out.length === (asked?.length ? MAX_DESTINATIONS : DEFAULT_DESTINATION_COUNT)) break;
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
    await browser.action.openPopup();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html'), active: true });
  }
}

export function createExplorerHandlers(deps: ExplorerHandlerDeps) {
  const extensionId = deps.extensionId ?? browser.runtime.id;
  const openPopup = deps.openPopup ?? openPopupOrTab;
  /** One quote request in flight per frame: a newer amount or destination aborts the older search. */
  const inFlight = new Map<string, AbortController>();

  async function findToken(chainId: number, address: string): Promise<Token | null> {
    const tokens = await deps.getTokens(chainId);
    return tokens.find((t) => sameAddress(t.address, address)) ?? null;
  }

  /** A content script only asks about its own page (same origin; the path may have moved with pushState). */
  function ownPage(url: string, from: ContentSender): URL {
    const parsed = new URL(url);
    if (parsed.origin !== from.origin) throw new ExplorerRequestError('Not allowed.');
    return parsed;
  }

  async function detectExplorerToken(data: unknown, sender: Sender): Promise<DetectedToken | null> {
    const from = contentSender(sender, extensionId);
    const { url } = parseInput(DetectInput, data);
    ownPage(url, from);
    if (!(await deps.getSettings()).inlineQuotes) return null;
    return findPageToken(deps, url);
  }

  async function getInlineQuotes(data: unknown, sender: Sender): Promise<InlineQuotesResult> {
    const from = contentSender(sender, extensionId);
    const input = parseInput(InlineQuotesInput, data);
    const settings = await deps.getSettings();
    if (!settings.inlineQuotes) throw new ExplorerRequestError('Inline quotes are turned off.');
    const chains = await deps.getChains();
    const source = await findToken(input.chainId, input.tokenAddress);
    if (!source || !v.is(AddressSchema, source.address)) throw new ExplorerRequestError('Token not supported.');
    const fromAmount = parseUnits(input.amount, source.decimals);
    if (fromAmount <= 0n) throw new ExplorerRequestError('Enter an amount above zero.');

    const key = `${from.tabId}:${from.frameId}`;
    inFlight.get(key)?.abort();
    const controller = new AbortController();
    inFlight.set(key, controller);

    const { bridges } = settings;
    const destinations = pickDestinations(input.chainId, chains, input.toChainIds);
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
            ...(bridges.allow.length || bridges.deny.length || bridges.prefer.length
              ? {
                  bridges: {
                    ...(bridges.allow.length ? { allow: bridges.allow } : {}),
                    ...(bridges.deny.length ? { deny: bridges.deny } : {}),
                    ...(bridges.prefer.length ? { prefer: bridges.prefer } : {}),
                  },
                }
              : {}),
          },
        };
        const { routes } = await deps.getRoutes(request, controller.signal);
        const best = routes[0];
        if (!best) throw new ExplorerRequestError('No route right now.');
        return toInlineQuote(best, chain, toToken);
      }),
    );
    if (inFlight.get(key) === controller) inFlight.delete(key);
    if (controller.signal.aborted) throw new ExplorerRequestError('Superseded by a newer request.');

    const result: InlineQuotesResult = { quotes: [], errors: [] };
    settled.forEach((outcome, i) => {
      const chain = destinations[i]!;
      if (outcome.status === 'fulfilled') result.quotes.push(outcome.value);
      else
        result.errors.push({
          toChainId: chain.id,
          message: outcome.reason instanceof BaseError ? outcome.reason.shortMessage : 'No quote right now.',
        });
    });
    return result;
  }

  async function openPrefilled(data: unknown, sender: Sender): Promise<void> {
    contentSender(sender, extensionId);
    const prefill = parseInput(PrefillInput, data);
    const chains = await deps.getChains();
    if (!chains.some((c) => c.id === prefill.fromChainId)) throw new ExplorerRequestError('Chain not supported.');
    if (prefill.toChainId !== undefined && !chains.some((c) => c.id === prefill.toChainId))
      throw new ExplorerRequestError('Chain not supported.');
    await deps.setPrefill(prefill);
    await openPopup();
  }

  return { detectExplorerToken, getInlineQuotes, openPrefilled };
}

/** Wires the three content-script messages. Returns a function that removes the listeners (for tests). */
export function registerExplorerHandlers(deps: ExplorerHandlerDeps): () => void {
  const handlers = createExplorerHandlers(deps);
  const wrap =
    <T>(handler: (data: unknown, sender: Sender) => Promise<T>) =>
    ({ data, sender }: { data: unknown; sender: Sender }): Promise<Reply<T>> =>
      toReply(() => handler(data, sender));
  const removers = [
    onMessage('detectExplorerToken', wrap(handlers.detectExplorerToken)),
    onMessage('getInlineQuotes', wrap(handlers.getInlineQuotes)),
    onMessage('openPrefilled', wrap(handlers.openPrefilled)),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
