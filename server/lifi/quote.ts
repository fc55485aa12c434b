import type { LiFiStep } from '@lifi/types';
import { isSolanaAddress } from '../../src/lib/solanaAddress';
import { invalidField } from '../http/apiError';
import type { Handler } from '../http/handler';
import { json } from '../http/handler';
import { parseRequest } from '../http/validate';
import { quoteRoute } from '../routing/quoteRoute';
import { checkToolLists, QUOTE_FIELDS, resolveRouteRequest } from '../routing/resolveRequest';
import { routeIdOf } from '../routing/routeIds';
import { buildSolanaDeposit } from '../routing/solanaDeposit';
import { bridgeFilter, checkOfferedBridges, DEFAULT_INTEGRATOR, executable, ordered } from './executable';
import { withGasOnArrival } from './gasRequest';
import { lifiStep } from './present';
import { chainIdOf, tokenAddressOf } from './refs';
import { integratorHeader, LifiQuoteQuerySchema, QUOTE_LIST_PARAMS } from './requests';

/** Repeated or comma-separated list parameters of /v1/quote. */
function listParam(url: URL, name: string): string[] | undefined {
  const values = url.searchParams.getAll(name).flatMap((value) => value.split(','));
  if (values.length === 0) return undefined;
  for (const value of values)
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/i.test(value)) throw invalidField(name, 'must list tool keys');
  return values;
}

/**
 * A token named by address (an SPL mint on Solana is one: 32–44 base58 characters, never a symbol's up to 16) or
 * by symbol; which chain the address belongs to is the route resolution's check, as for /advanced/routes.
 */
function tokenOf(ctx: Parameters<typeof tokenAddressOf>[0], chainId: number, ref: string, field: string): string {
  return isSolanaAddress(ref) ? ref : tokenAddressOf(ctx, chainId, ref, field);
}

/** GET /v1/quote: the best route as a LiFiStep with its transaction request. `fromAddress` is required. */
export const getLifiQuote: Handler = async (ctx, req) => {
  const q = parseRequest(LifiQuoteQuerySchema, req.query);
  const lists = Object.fromEntries(QUOTE_LIST_PARAMS.map((name) => [name, listParam(req.url, name)])) as Record<
    (typeof QUOTE_LIST_PARAMS)[number],
    string[] | undefined
  >;
  const bridges = { allow: lists.allowBridges, deny: lists.denyBridges, prefer: lists.preferBridges };
  const exchanges = { allow: lists.allowExchanges, deny: lists.denyExchanges, prefer: lists.preferExchanges };
  // The errors name `allow`, `deny` and `prefer`, not the query's own parameter names (as they always have here).
  checkToolLists(ctx, 'bridge', bridges, '');
  checkOfferedBridges(ctx, bridges, '');
  checkToolLists(ctx, 'exchange', exchanges, '');
  const fromChain = chainIdOf(ctx, q.fromChain, 'fromChain');
  const toChain = chainIdOf(ctx, q.toChain, 'toChain');
  const resolved = resolveRouteRequest(
    ctx,
    {
      fromChain,
      toChain,
      fromToken: tokenOf(ctx, fromChain, q.fromToken, 'fromToken'),
      toToken: tokenOf(ctx, toChain, q.toToken, 'toToken'),
      fromAmount: q.fromAmount,
      fromAddress: q.fromAddress,
      toAddress: q.toAddress,
      slippage: q.slippage,
      ...bridgeFilter(ctx, bridges),
    },
    QUOTE_FIELDS,
  );
  const request = withGasOnArrival(resolved, q.fromAmountForGas);
  const { route, from, recipient } = quoteRoute(ctx, request, (routes) =>
    ordered(
      routes.filter((r) => executable(r, exchanges)),
      q.order,
      bridges,
      exchanges,
    ),
  );
  // The query's integrator, else the one the caller names in its `x-lifi-integrator` header (as production reads it).
  const integrator = q.integrator ?? integratorHeader(req.raw.headers) ?? DEFAULT_INTEGRATOR;
  const now = Math.floor(Date.now() / 1000);
  const solana =
    route.request.fromChain.chainType === 'SOLANA'
      ? await buildSolanaDeposit(ctx, { route, routeId: routeIdOf(ctx, route), from, recipient, now })
      : undefined;
  const step = lifiStep(ctx, route, integrator, {
    from,
    recipient,
    now,
    ...(solana ? { solana } : {}),
  }) satisfies LiFiStep;
  return json(step);
};
