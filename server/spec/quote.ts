import { invalidField } from '../http/apiError';
import { type Handler, json } from '../http/handler';
import { parseRequest } from '../http/validate';
import { quoteRoute } from '../routing/quoteRoute';
import { checkToolKeys, QUOTE_FIELDS, resolveRouteRequest } from '../routing/resolveRequest';
import { routeIdOf } from '../routing/routeIds';
import { buildSolanaDeposit } from '../routing/solanaDeposit';
import { sortRoutes } from '../routing/sortRoutes';
import { presentRoute } from './present';
import { SpecQuoteQuerySchema } from './requests';

/**
 * GET /v1/quote: the best route by output, with a transaction request in hex. fromAddress is required (as on LI.FI):
 * a quote carries a transaction, and a transaction needs its sender.
 */
export const getQuote: Handler = async (ctx, req) => {
  const q = parseRequest(SpecQuoteQuerySchema, req.query);
  if (q.fromAddress === undefined) {
    throw invalidField('fromAddress', 'is required for a quote (its transaction request needs a sender)');
  }
  checkToolKeys(ctx, 'bridge', q.allowBridges, 'allowBridges');
  checkToolKeys(ctx, 'bridge', q.denyBridges, 'denyBridges');
  const request = resolveRouteRequest(
    ctx,
    {
      fromChain: q.fromChain,
      toChain: q.toChain,
      fromToken: q.fromToken,
      toToken: q.toToken,
      fromAmount: q.fromAmount,
      fromAddress: q.fromAddress,
      toAddress: q.toAddress,
      slippage: q.slippage,
      allowBridges: q.allowBridges,
      denyBridges: q.denyBridges,
    },
    QUOTE_FIELDS,
  );
  const { route, from, recipient } = quoteRoute(ctx, request, (routes) => sortRoutes(routes, 'OUTPUT'));
  // From Solana the transaction is the deposit at a fresh 1Click quote (server/routing/solanaDeposit.ts).
  const solana =
    route.request.fromChain.chainType === 'SOLANA'
      ? await buildSolanaDeposit(ctx, {
          route,
          routeId: routeIdOf(ctx, route),
          from,
          recipient,
          now: Math.floor(Date.now() / 1000),
        })
      : undefined;
  return json(presentRoute(ctx, route, { from, recipient, numbers: 'hex', ...(solana ? { solana } : {}) }));
};
