import * as v from 'valibot';
import { i18n } from '#i18n';
import { BaseError } from '../../errors/base';
import { compactBridges } from '../../format/bridges';
import { parseAmountInput } from '../../format/parseAmount';
import { sameChainAddress } from '../../lib/addresses';
import type { Chain, Token } from '../../schemas/catalog';
import { ChainAddressSchema } from '../../schemas/chainAddress';
import { AddressSchema, isNativeToken, NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import type { RoutesRequest } from '../../schemas/requests';
import type { Route, RouteToken } from '../../schemas/route';
import type { InlineQuote, InlineQuotesResult } from '../inlineQuotes';
import { QUOTES_PAUSED_CODE, QuotesPausedError } from '../loader/quoteBudget';
import { cardMessage } from './define';
import { ExplorerRequestError, InlineQuoteLimitError } from './errors';
import { CardChainIdSchema, HumanAmountSchema } from './fields';
import { type CachedQuote, quoteKey } from './quoteCache';

/** At most this many destinations per getInlineQuotes. */
export const MAX_INLINE_DESTINATIONS = 5;
/** Chains whose counterpart is offered first, most used first (the source chain itself is skipped). */
export const POPULAR_DESTINATIONS = [42161, 10, 8453, 1, 137, 56, 43114] as const;
/** One route search per token page: the other chains are a choice away in the card. */
export const DEFAULT_DESTINATION_COUNT = 1;

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

/**
 * getInlineQuotes: the best route from the page's token into the most popular chain other than `chainId` (or the
 * ones asked for). Quotes are shared by every tab for a few minutes (./quoteCache.ts): only the destinations not
 * already quoted are searched, within the tab's quote budget; a newer request from the same frame aborts the older
 * search. When the background keeps every search back for the person's own transfers and nothing is known, the
 * answer is the card's calm pause (QuotesPausedError).
 */
export const getInlineQuotes = cardMessage({
  access: 'content',
  schema: v.object({
    chainId: CardChainIdSchema,
    tokenAddress: AddressSchema,
    /** Human units in the card's plain form, e.g. "100"; the background applies the catalog token's decimals. */
    amount: HumanAmountSchema,
    /** Default: two or three popular chains other than `chainId`. */
    toChainIds: v.optional(v.pipe(v.array(CardChainIdSchema), v.maxLength(MAX_INLINE_DESTINATIONS))),
  }),
  run: async (input, deps, from): Promise<InlineQuotesResult> => {
    const settings = await deps.getSettings();
    if (!settings.inlineQuotes) throw new ExplorerRequestError(i18n.t('card.off'));
    const chains = await deps.getChains();
    const source = (await deps.getTokens(input.chainId)).find((t) => sameChainAddress(t.address, input.tokenAddress));
    if (!source || !v.is(AddressSchema, source.address))
      throw new ExplorerRequestError(i18n.t('card.tokenNotSupported'));
    // The card's plain form ("1.5"), read by the popup's rule with the token's decimals (never rounded).
    const amount = parseAmountInput(input.amount, source.decimals, source.symbol, '.');
    if (amount.kind === 'invalid') throw new ExplorerRequestError(amount.message);
    const fromAmount = amount.kind === 'ok' ? amount.value : 0n;
    if (fromAmount <= 0n) throw new ExplorerRequestError(i18n.t('card.aboveZero'));

    const destinations = pickDestinations(input.chainId, chains, input.toChainIds);
    const bridges = compactBridges(settings.bridges);
    const routeSettings = JSON.stringify([settings.routeOrder, settings.slippage, bridges ?? null]);
    const cacheKeys = destinations.map((chain) =>
      quoteKey({
        chainId: input.chainId,
        tokenAddress: source.address,
        fromAmount,
        toChainId: chain.id,
        settings: routeSettings,
      }),
    );
    const cached = cacheKeys.map((k) => deps.quotes.get(k));
    const searches = cached.filter((c) => c === undefined).length;
    // Per tab, not per frame or document: a page that reloads itself or adds frames shares one budget.
    const waitMs = searches > 0 ? deps.budget.take(from.tabId, searches) : 0;
    if (waitMs > 0) throw new InlineQuoteLimitError(waitMs);

    const key = `${from.tabId}:${from.frameId}`;
    deps.inFlight.get(key)?.abort();
    const controller = new AbortController();
    deps.inFlight.set(key, controller);

    const fromCache = (hit: CachedQuote): InlineQuote => {
      if ('quote' in hit) return hit.quote;
      throw new ExplorerRequestError(hit.noRoute);
    };
    const settled = await Promise.allSettled(
      destinations.map(async (chain, i) => {
        const hit = cached[i];
        if (hit) return fromCache(hit);
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
        if (!best) {
          deps.quotes.set(cacheKeys[i]!, { noRoute: i18n.t('card.noRoute') });
          throw new ExplorerRequestError(i18n.t('card.noRoute'));
        }
        const quote = toInlineQuote(best, chain, toToken);
        deps.quotes.set(cacheKeys[i]!, { quote });
        return quote;
      }),
    );
    if (deps.inFlight.get(key) === controller) deps.inFlight.delete(key);
    if (controller.signal.aborted) throw new ExplorerRequestError(i18n.t('card.superseded'));
    const paused = (outcome: PromiseSettledResult<InlineQuote>) =>
      outcome.status === 'rejected' && (outcome.reason as { code?: unknown })?.code === QUOTES_PAUSED_CODE;
    if (settled.some(paused) && settled.every((o) => o.status === 'rejected')) throw new QuotesPausedError();

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
  },
});
