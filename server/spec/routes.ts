import { type Handler, jsonText } from '../http/handler';
import { parseRequest } from '../http/validate';
import { combinedRoute, splitAtDestination } from '../routing/multiStep';
import { unavailableRoutes } from '../routing/noQuote';
import type { PricedRoute } from '../routing/priceRoute';
import { checkToolLists, resolveRoutesBody } from '../routing/resolveRequest';
import { searchRoutes } from '../routing/search';
import { sortRoutes } from '../routing/sortRoutes';
import { SpecRoutesRequestSchema } from './requests';
import { routesAnswerJson } from './routeJson';

export const DEFAULT_MAX_ROUTES = 10;
/** How many routes that swap on arrival are also offered in two signatures. */
const TWO_STEP_ALTERNATIVES = 2;

/**
 * POST /v1/advanced/routes: every candidate, sorted by `options.order` (default OUTPUT), preferred bridges first,
 * at most `maxRoutes`. Items carry no transaction request (stepTransaction builds it). A route of two signatures
 * lists them in `steps` (server/routing/multiStep.ts). No route is a 200 with
 * `routes: []` and `unavailableRoutes`.
 */
export const postRoutes: Handler = async (ctx, req) => {
  const body = parseRequest(SpecRoutesRequestSchema, await req.body());
  const options = body.options ?? {};
  checkToolLists(ctx, 'bridge', options.bridges, 'options.bridges.');
  const request = resolveRoutesBody(ctx, body, {
    allowBridges: options.bridges?.allow,
    denyBridges: options.bridges?.deny,
  });
  const result = searchRoutes(ctx, request);
  // Beside the best-paying routes that swap on arrival (one signature, the relayer swaps), the same in two steps:
  // bridge to the sender, who then swaps on the destination with a second signature. Only a few: each costs two
  // more pricings, and a person comparing routes needs the alternative, not every bridge's variant of it.
  const stepsOf = new Map<PricedRoute, readonly PricedRoute[]>();
  const swapsOnArrival = result.routes.filter((route) => route.path.kind === 'cross' && route.path.dstExchange);
  for (const route of sortRoutes(swapsOnArrival, 'OUTPUT').slice(0, TWO_STEP_ALTERNATIVES)) {
    const steps = splitAtDestination(ctx, route, result.memo);
    if (steps) stepsOf.set(combinedRoute(steps), steps);
  }
  const candidates = stepsOf.size > 0 ? [...result.routes, ...stepsOf.keys()] : result.routes;
  const sorted = sortRoutes(candidates, options.order ?? 'OUTPUT', options.bridges?.prefer);
  const routes = sorted.slice(0, options.maxRoutes ?? DEFAULT_MAX_ROUTES);
  // Written straight to JSON (the answer is large and mostly repeated pieces): the same bytes as JSON.stringify of
  // `{ routes: routes.map(presentRoute), unavailableRoutes }` (presentMultiStepRoute for the routes in stepsOf).
  const answer = routesAnswerJson(ctx, request, routes, unavailableRoutes(request, result), stepsOf);
  return jsonText(answer.text, answer.ascii);
};
