import { QuoteQuerySchema } from '../../src/schemas/requests';
import { invalidField } from '../http/apiError';
import { parseRequest } from '../http/validate';
import { presentRoute } from '../routing/present';
import { checkBridgeKeys, QUOTE_FIELDS, recipientOf, resolveRouteRequest } from '../routing/resolveRequest';
import { searchRoutes } from '../routing/search';
import { sortRoutes } from '../routing/sortRoutes';
import { type Handler, json } from './handler';
import { noQuoteError } from './noQuote';

/**
 * GET /v1/quote: the best route by output, with a transaction request in hex. fromAddress is required (as on LI.FI):
 * a quote carries a transaction, and a transaction needs its sender.
 */
export const getQuote: Handler = (ctx, req) => {
  const q = parseRequest(QuoteQuerySchema, req.query);
  if (q.fromAddress === undefined) {
    throw invalidField('fromAddress', 'is required for a quote (its transaction request needs a sender)');
  }
  checkBridgeKeys(ctx, q.allowBridges, 'allowBridges');
  checkBridgeKeys(ctx, q.denyBridges, 'denyBridges');
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
  const result = searchRoutes(ctx, request);
  const best = sortRoutes(result.routes, 'OUTPUT')[0];
  if (!best) throw noQuoteError(result);
  const from = request.fromAddress!;
  return json(presentRoute(ctx, best, { from, recipient: recipientOf(request, from, 'toAddress'), numbers: 'hex' }));
};
