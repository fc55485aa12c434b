import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { isNativeToken } from '../../src/schemas/primitives';
import { isAscii } from '../catalog/ascii';
import { feePercentage, usdOf } from '../routing/legFigures';
import type { PricedLeg, PricedRoute } from '../routing/priceRoute';
import { identityOf, type RoutePath, routeIdEncoder } from '../routing/routePath';
import type { RouteRequest } from '../routing/routeRequest';
import type { RoutingContext } from '../routing/routingContext';
import { toolOf } from '../routing/sortRoutes';
import { gasLimitWithMargin } from '../routing/transaction';
import { formatUSD } from '../routing/units';
import { feeHeadJson, stepHeadJson, stepTokenJson, toolJsonOf } from './jsonFragments';
import { presentMultiStepRoute } from './multiStep';
import { presentAction, routeType } from './present';

/**
 * The routes answer written straight to JSON text: the same bytes as `JSON.stringify` of `presentRoute` for every
 * route (routeJson.test.ts compares them on random requests), without building the intermediate objects and without
 * re-serializing what does not change between routes. A routes answer is about 34 KB of mostly repeated pieces
 * (the request's action and tokens in every route and step); serializing it was most of a request's CPU.
 *
 * Every piece of text that changes per route is written in as few pieces as possible: each one is a string the
 * engine links and later copies, and there are hundreds per answer. Only values that cannot need escaping are
 * written without JSON.stringify: bigint and number text, chain ids, formatted USD amounts and percentages.
 */

type RouteType = 'swap' | 'bridge' | 'lifi';

/** Pieces shared by every route of one answer (they depend on the request only). */
type AnswerParts = {
  ctx: RoutingContext;
  request: RouteRequest;
  /** Route ids of this request (as `routeIdOf`). */
  routeId: (path: RoutePath) => string;
  action: string;
  fromAmount: string;
  /** `","toAmountMin":"` … `",` + approvalAddress for ERC-20 sources + `"executionDuration":`. */
  beforeDuration: string;
  /** Route heads per tool and type (built on first use: an answer has a few tools). */
  heads: Map<string, Partial<Record<RouteType, string>>>;
  /** `"fromAmountUSD":…,"toAmountUSD":"`, after the gas costs. */
  usdTail: string;
  /** `","token":<native token>}],` + usdTail: the end of a gas item, when the chain has a native token. */
  gasTail: string | undefined;
  /** The gas item's head for the last gas price seen (every route of one request has the same). */
  gasHead: { price: bigint; text: string } | undefined;
  /** `","slippage":…},"estimate":{"toAmount":"` of every included step. */
  stepMiddle: string;
};

/** JSON.stringify of a number: finite numbers print as String does, the others as null. */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

function answerParts(ctx: RoutingContext, request: RouteRequest): AnswerParts {
  const native = ctx.catalog.nativeToken(request.fromChain.id);
  // Nothing is approved for a native coin, nor on Solana (the deposit there is a plain transfer).
  const approval =
    isNativeToken(request.fromToken.address) || request.fromChain.chainType === 'SOLANA'
      ? ''
      : `"approvalAddress":${JSON.stringify(ROUTER_ADDRESS)},`;
  const usdTail = `"fromAmountUSD":"${usdOf(ctx.catalog, request.fromToken, request.fromAmount)}","toAmountUSD":"`;
  return {
    ctx,
    request,
    routeId: routeIdEncoder(ctx.routeSecret, identityOf(request)),
    action: JSON.stringify(presentAction(request)),
    fromAmount: request.fromAmount.toString(),
    beforeDuration: `",${approval}"executionDuration":`,
    heads: new Map(),
    usdTail,
    gasTail: native ? `","token":${stepTokenJson(native)}}],${usdTail}` : undefined,
    gasHead: undefined,
    stepMiddle: `","slippage":${num(request.slippage)}},"estimate":{"toAmount":"`,
  };
}

/** `,"type":…,"tool":…,"toolDetails":…,"action":…,"estimate":{"tool":…,"fromAmount":…,"toAmount":"` */
function routeHead(parts: AnswerParts, type: RouteType, toolKey: string): string {
  let byType = parts.heads.get(toolKey);
  if (!byType) {
    byType = {};
    parts.heads.set(toolKey, byType);
  }
  let head = byType[type];
  if (head === undefined) {
    const tool = toolJsonOf(parts.ctx.catalog, toolKey);
    head =
      `,"type":"${type}","tool":${tool.key},"toolDetails":${tool.full},"action":${parts.action},` +
      `"estimate":{"tool":${tool.key},"fromAmount":"${parts.fromAmount}","toAmount":"`;
    byType[type] = head;
  }
  return head;
}

function feeCostsJson(parts: AnswerParts, legs: readonly PricedLeg[]): string {
  let out = '';
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    out +=
      `${i > 0 ? ',' : ''}${feeHeadJson(leg)}${leg.feeAmount}","amountUSD":"` +
      `${usdOf(parts.ctx.catalog, leg.tokenIn, leg.feeAmount)}","percentage":"${feePercentage(leg)}","included":true}`;
  }
  return out;
}

/** The gas costs and the USD amounts after them, up to the route's toAmountUSD value. */
function gasCostsJson(parts: AnswerParts, route: PricedRoute): string {
  if (parts.gasTail === undefined || route.gasLimit === 0n) return `],"gasCosts":[],${parts.usdTail}`;
  if (parts.gasHead?.price !== route.gasPrice) {
    parts.gasHead = {
      price: route.gasPrice,
      text: `],"gasCosts":[{"type":"SEND","price":"${route.gasPrice}","estimate":"`,
    };
  }
  return (
    `${parts.gasHead.text}${route.gasLimit}","limit":"${gasLimitWithMargin(route.gasLimit)}","amount":"` +
    `${route.gasCostWei}","amountUSD":"${formatUSD(route.gasUSD)}${parts.gasTail}`
  );
}

/** One included step; `idOpen` is the route id's JSON string without its closing quote. */
function legStepJson(parts: AnswerParts, idOpen: string, leg: PricedLeg, index: number): string {
  return (
    `{"id":${idOpen}:${index}${stepHeadJson(parts.ctx.catalog, leg)}${leg.amountIn}${parts.stepMiddle}` +
    `${leg.amountOut}","toAmountMin":"${leg.amountOutMin}","executionDuration":${num(Math.round(leg.durationSec))}}}`
  );
}

function routeJson(parts: AnswerParts, route: PricedRoute): string {
  const id = JSON.stringify(parts.routeId(route.path));
  const type = routeType(route);
  let out =
    `{"id":${id}${routeHead(parts, type, toolOf(route))}${route.toAmount}","toAmountMin":"${route.toAmountMin}` +
    `${parts.beforeDuration}${num(route.durationSec)},"feeCosts":[${feeCostsJson(parts, route.legs)}` +
    `${gasCostsJson(parts, route)}${usdOf(parts.ctx.catalog, parts.request.toToken, route.toAmount)}"}`;
  if (type === 'lifi') {
    const idOpen = id.slice(0, -1);
    out += ',"includedSteps":[';
    for (let i = 0; i < route.legs.length; i++) {
      out += `${i > 0 ? ',' : ''}${legStepJson(parts, idOpen, route.legs[i]!, i)}`;
    }
    out += ']';
  }
  return `${out}}`;
}

/** An answer's text, and whether it is pure ASCII (then its length is its UTF-8 byte length). */
export type AnswerJson = { text: string; ascii: boolean };

/**
 * `{"routes": [...], "unavailableRoutes": ...}` as JSON text: the routes (already sorted and cut to maxRoutes, all
 * priced for `request`) as `presentRoute` presents them without a transaction request, or `presentMultiStepRoute`
 * for those in `stepsOf`.
 *
 * The text is ASCII when the catalog's text is (tokens, tool names, keys and assets: every fragment, route id and
 * step comes from them) and so are the action and unavailableRoutes (they carry the request and failure messages);
 * everything else is numbers and fixed ASCII.
 */
export function routesAnswerJson(
  ctx: RoutingContext,
  request: RouteRequest,
  routes: readonly PricedRoute[],
  unavailableRoutes: unknown,
  /** The steps of the routes that are signed in several steps (few per answer: written by JSON.stringify). */
  stepsOf?: ReadonlyMap<PricedRoute, readonly PricedRoute[]>,
): AnswerJson {
  const parts = answerParts(ctx, request);
  const unavailable = JSON.stringify(unavailableRoutes);
  let out = '{"routes":[';
  for (let i = 0; i < routes.length; i++) {
    const steps = stepsOf?.get(routes[i]!);
    const item = steps ? JSON.stringify(presentMultiStepRoute(ctx, steps)) : routeJson(parts, routes[i]!);
    out += `${i > 0 ? ',' : ''}${item}`;
  }
  return {
    text: `${out}],"unavailableRoutes":${unavailable}}`,
    ascii: ctx.catalog.asciiText && isAscii(parts.action) && isAscii(unavailable),
  };
}
