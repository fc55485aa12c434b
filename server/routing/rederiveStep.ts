import { ErrorCode } from '../../src/schemas/error';
import { toChainIdNumber } from '../../src/schemas/primitives';
import { ApiError, invalidField } from '../http/apiError';
import { noQuoteError } from './noQuote';
import { type PricedRoute, priceRoute } from './priceRoute';
import { decodeStepId, identityOf, type RoutePath } from './routePath';
import type { RouteRequest } from './routeRequest';
import { specOf } from './routeSpec';
import type { RoutingContext } from './routingContext';

/**
 * What both dialects' stepTransaction do once a step is parsed from their own wire shape: the server keeps no state,
 * so a step is re-derived from its signed id and its action, and priced again with current pools and gas before its
 * transaction is built. A fresh output below the step's toAmountMin is a 409 (code 1007); the floor is never lowered.
 */

/** The step's word for itself in error messages: the spec dialect calls it a route, LI.FI a step. */
export type StepNoun = 'route' | 'step';

/** The least the person accepted (`estimate.toAmountMin`); above `estimate.toAmount` it is a 400. */
export function acceptedMinimum(estimate: { toAmount: string; toAmountMin: string }): bigint {
  const min = BigInt(estimate.toAmountMin);
  if (min > BigInt(estimate.toAmount)) {
    throw invalidField('estimate.toAmountMin', 'must not exceed estimate.toAmount');
  }
  return min;
}

type StepToken = { decimals: number; chainId: string | number };

/**
 * The step's tokens carry the catalog's decimals (a client that read them wrong would sign for another amount).
 * `chainIds: 'checked'` also holds each token to its chain (the spec dialect); the lifi dialect has not so far.
 */
export function checkStepTokens(
  request: RouteRequest,
  action: { fromToken: StepToken; toToken: StepToken },
  chainIds: 'checked' | 'unchecked',
): void {
  for (const side of ['fromToken', 'toToken'] as const) {
    const sent = action[side];
    const known = request[side];
    if (sent.decimals !== known.decimals) throw invalidField(`action.${side}.decimals`, `must be ${known.decimals}`);
    if (chainIds === 'checked' && toChainIdNumber(sent.chainId) !== Number(known.chainId)) {
      throw invalidField(`action.${side}.chainId`, `must be ${known.chainId}`);
    }
  }
}

export type DecodedStep = {
  path: RoutePath;
  /** A later step of a multi-step route: its id binds its path, chains and tokens, not its amount. */
  followsPrevious: boolean;
  /** The tool the path runs on: its exchange (a swap) or its bridge. */
  tool: string;
};

/** The path a step's id was issued for with this action; the step must name that path's tool. */
export function decodeStep(
  ctx: RoutingContext,
  request: RouteRequest,
  step: { id: string; tool: string },
  noun: StepNoun,
): DecodedStep {
  const decoded = decodeStepId(ctx.routeSecret, step.id, identityOf(request));
  if (!decoded) throw invalidField('id', `is not a ${noun} issued by this service for this action`);
  const tool = decoded.path.kind === 'swap' ? decoded.path.exchange : decoded.path.bridge;
  if (step.tool !== tool) throw invalidField('tool', `must be ${tool} for this ${noun}`);
  return { ...decoded, tool };
}

const samePath = (a: RoutePath, b: RoutePath) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The step priced again on exactly its path, with `toAmountMin` the higher of the fresh minimum and the accepted
 * one. `accept` lets a dialect refuse the fresh route (its type, what its contract executes) before the price is
 * compared; `advice` ends the 409's message.
 */
export function repriceStep(
  ctx: RoutingContext,
  request: RouteRequest,
  step: DecodedStep,
  accepted: bigint,
  options: { accept?: (fresh: PricedRoute) => void; advice?: string } = {},
): PricedRoute {
  const priced = priceRoute(ctx, request, specOf(ctx, request, step.path));
  if (!priced.ok) throw noQuoteError({ routes: [], failures: priced.failures, filteredOut: [] });
  const fresh = priced.route;
  if (!samePath(fresh.path, step.path)) throw invalidField('id', 'the route no longer takes the same path');
  options.accept?.(fresh);
  if (fresh.toAmount < accepted) {
    throw new ApiError(
      409,
      ErrorCode.Slippage,
      `The rate moved beyond the accepted slippage: the step now returns ${fresh.toAmount}, below its toAmountMin ${accepted}.${options.advice ? ` ${options.advice}` : ''}`,
      { errors: { 'estimate.toAmountMin': `fresh estimate ${fresh.toAmount} is below ${accepted}` } },
    );
  }
  // The person accepted `accepted`: a better fresh price may raise the floor but never lower it.
  return { ...fresh, toAmountMin: fresh.toAmountMin > accepted ? fresh.toAmountMin : accepted };
}
