import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/schemas/error';
import { ApiError } from '../http/apiError';
import { routingContextOf } from '../testing/routingContext';
import { SENDER, USDC } from '../testing/serviceClient';
import { splitAtDestination } from './multiStep';
import type { PricedRoute } from './priceRoute';
import { acceptedMinimum, checkStepTokens, decodeStep, repriceStep } from './rederiveStep';
import { QUOTE_FIELDS, resolveRouteRequest } from './resolveRequest';
import { followingStepIdOf, routeIdOf } from './routeIds';
import type { RouteRequest } from './routeRequest';
import { searchRoutes } from './search';
import { sortRoutes, toolOf } from './sortRoutes';

const ctx = routingContextOf();
const ARB = '0x912CE59144191C1204E64559FE8253a0e49E6548';

function request(fromAmount: string, toToken: string = USDC[42161]): RouteRequest {
  return resolveRouteRequest(
    ctx,
    { fromChain: 1, toChain: 42161, fromToken: USDC[1], toToken, fromAmount, fromAddress: SENDER },
    QUOTE_FIELDS,
  );
}

function bestRoute(req: RouteRequest): PricedRoute {
  const best = sortRoutes(searchRoutes(ctx, req).routes, 'OUTPUT')[0];
  if (!best) throw new Error('no route in the default catalog');
  return best;
}

/** The ApiError `run` throws, to read its status, code and fields. */
function errorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('re-deriving a sent step', () => {
  const req = request('25000000');
  const route = bestRoute(req);
  const sent = { id: routeIdOf(ctx, route), tool: toolOf(route) };

  it('decodes the path the id was issued for with this action, and the tool it runs on', () => {
    const decoded = decodeStep(ctx, req, sent, 'route');
    expect(decoded).toEqual({ path: route.path, followsPrevious: false, tool: toolOf(route) });
  });

  it('refuses the id for another amount, and a step naming another tool, in the dialect’s words', () => {
    const other = errorOf(() => decodeStep(ctx, request('25000001'), sent, 'step'));
    expect(other.errors).toEqual({ id: 'is not a step issued by this service for this action' });
    const tool = errorOf(() => decodeStep(ctx, req, { ...sent, tool: 'hop' }, 'route'));
    expect(tool.errors).toEqual({ tool: `must be ${toolOf(route)} for this route` });
  });

  it('binds a later step of a two-step route to its path, not to the amount it is sent with', () => {
    const split = splitAtDestination(ctx, bestRoute(request('2500000000', ARB)));
    if (!split) throw new Error('expected a route that swaps on arrival');
    const second = split[1];
    const id = followingStepIdOf(ctx, second);
    const arrived = { ...second.request, fromAmount: second.request.fromAmount - 1n };
    const decoded = decodeStep(ctx, arrived, { id, tool: toolOf(second) }, 'step');
    expect(decoded.followsPrevious).toBe(true);
    expect(decoded.path).toEqual(second.path);
  });

  it('keeps the fresh minimum when it is higher, and never lowers the one the person accepted', () => {
    const decoded = decodeStep(ctx, req, sent, 'route');
    expect(repriceStep(ctx, req, decoded, route.toAmountMin - 1n).toAmountMin).toBe(route.toAmountMin);
    expect(repriceStep(ctx, req, decoded, route.toAmount).toAmountMin).toBe(route.toAmount);
  });

  it('answers 409 (code 1007) when the fresh price is below the accepted minimum, after the dialect’s own checks', () => {
    const decoded = decodeStep(ctx, req, sent, 'route');
    const moved = errorOf(() => repriceStep(ctx, req, decoded, route.toAmount + 1n, { advice: 'Ask again.' }));
    expect(moved.status).toBe(409);
    expect(moved.code).toBe(ErrorCode.Slippage);
    expect(moved.shortMessage).toMatch(/below its toAmountMin \d+\. Ask again\.$/);
    const refused = errorOf(() =>
      repriceStep(ctx, req, decoded, route.toAmount + 1n, {
        accept: () => {
          throw new ApiError(400, ErrorCode.Validation, 'not this one');
        },
      }),
    );
    expect(refused.status).toBe(400);
  });

  it('refuses an accepted minimum above the estimate, and tokens with other decimals or chains', () => {
    expect(acceptedMinimum({ toAmount: '10', toAmountMin: '9' })).toBe(9n);
    expect(errorOf(() => acceptedMinimum({ toAmount: '9', toAmountMin: '10' })).errors).toHaveProperty(
      'estimate.toAmountMin',
    );
    const tokens = { fromToken: { decimals: 6, chainId: 1 }, toToken: { decimals: 6, chainId: 10 } };
    expect(errorOf(() => checkStepTokens(req, tokens, 'checked')).errors).toHaveProperty('action.toToken.chainId');
    expect(() => checkStepTokens(req, tokens, 'unchecked')).not.toThrow();
    const decimals = { ...tokens, fromToken: { decimals: 18, chainId: 1 } };
    expect(errorOf(() => checkStepTokens(req, decimals, 'unchecked')).errors).toHaveProperty(
      'action.fromToken.decimals',
    );
  });
});
