import { RoutesRequestSchema } from '../../src/schemas/requests';
import { parseRequest } from '../http/validate';
import { checkBridgeKeys, ROUTES_FIELDS, resolveRouteRequest } from '../routing/resolveRequest';
import { routesAnswerJson } from '../routing/routeJson';
import { searchRoutes } from '../routing/search';
import { sortRoutes } from '../routing/sortRoutes';
import { type Handler, jsonText } from './handler';
import { unavailableRoutes } from './noQuote';

export const DEFAULT_MAX_ROUTES = 10;

/**
 * POST /v1/advanced/routes: every candidate, sorted by `options.order` (default OUTPUT), preferred bridges first,
 * at most `maxRoutes`. Items carry no transaction request (stepTransaction builds it). No route is a 200 with
 * `routes: []` and `unavailableRoutes`.
 */
export const postRoutes: Handler = async (ctx, req) => {
  const body = parseRequest(RoutesRequestSchema, await req.body());
  const options = body.options ?? {};
  checkBridgeKeys(ctx, options.bridges?.allow, 'options.bridges.allow');
  checkBridgeKeys(ctx, options.bridges?.deny, 'options.bridges.deny');
  checkBridgeKeys(ctx, options.bridges?.prefer, 'options.bridges.prefer');
  const request = resolveRouteRequest(
    ctx,
    {
      fromChain: body.fromChainId,
      toChain: body.toChainId,
      fromToken: body.fromTokenAddress,
      toToken: body.toTokenAddress,
      fromAmount: body.fromAmount,
      fromAddress: body.fromAddress,
      toAddress: body.toAddress,
      slippage: options.slippage,
      allowBridges: options.bridges?.allow,
      denyBridges: options.bridges?.deny,
    },
    ROUTES_FIELDS,
  );
  const result = searchRoutes(ctx, request);
  const sorted = sortRoutes(result.routes, options.order ?? 'OUTPUT', options.bridges?.prefer);
  const routes = sorted.slice(0, options.maxRoutes ?? DEFAULT_MAX_ROUTES);
  // Written straight to JSON (the answer is large and mostly repeated pieces): the same bytes as JSON.stringify of
  // `{ routes: routes.map(presentRoute), unavailableRoutes }`.
  const answer = routesAnswerJson(ctx, request, routes, unavailableRoutes(request, result));
  return jsonText(answer.text, answer.ascii);
};
