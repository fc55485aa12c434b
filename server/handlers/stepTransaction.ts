import { sameChainAddress } from '../../src/lib/addresses';
import { ErrorCode } from '../../src/schemas/error';
import { toChainIdNumber } from '../../src/schemas/primitives';
import { StepTransactionQuerySchema } from '../../src/schemas/requests';
import { type Step, StepSchema } from '../../src/schemas/route';
import { ApiError, invalidField } from '../http/apiError';
import { parseRequest } from '../http/validate';
import { presentRoute, routeType } from '../routing/present';
import { type PricedRoute, priceRoute } from '../routing/priceRoute';
import { resolveRouteRequest, walletAddress } from '../routing/resolveRequest';
import { decodeStepId, identityOf, type RoutePath } from '../routing/routePath';
import type { RouteRequest } from '../routing/routeRequest';
import { specOf } from '../routing/routeSpec';
import { toolOf } from '../routing/sortRoutes';
import type { ServiceContext } from '../serviceContext';
import { type Handler, json } from './handler';
import { noQuoteError } from './noQuote';

const STEP_FIELDS = {
  fromChain: 'action.fromChainId',
  toChain: 'action.toChainId',
  fromToken: 'action.fromToken.address',
  toToken: 'action.toToken.address',
  fromAmount: 'action.fromAmount',
  fromAddress: 'action.fromAddress',
  toAddress: 'action.toAddress',
};

/** A step's action as both dialects carry it: what the step request is resolved from. */
export type StepAction = {
  fromChainId: string | number;
  toChainId: string | number;
  fromToken: { address: string };
  toToken: { address: string };
  fromAmount: string;
  slippage?: number | undefined;
};

/** The route request a step stands for, with errors naming the step's own fields (both dialects). */
export function resolveStepRequest(
  ctx: ServiceContext,
  action: StepAction,
  sender: string,
  recipient: string,
): RouteRequest {
  return resolveRouteRequest(
    ctx,
    {
      fromChain: action.fromChainId,
      toChain: action.toChainId,
      fromToken: action.fromToken.address,
      toToken: action.toToken.address,
      fromAmount: action.fromAmount,
      fromAddress: sender,
      toAddress: recipient,
      slippage: action.slippage,
    },
    STEP_FIELDS,
  );
}

function checkTokens(request: RouteRequest, step: Step): void {
  for (const side of ['fromToken', 'toToken'] as const) {
    const sent = step.action[side];
    const known = request[side];
    if (sent.decimals !== known.decimals) throw invalidField(`action.${side}.decimals`, `must be ${known.decimals}`);
    if (toChainIdNumber(sent.chainId) !== Number(known.chainId)) {
      throw invalidField(`action.${side}.chainId`, `must be ${known.chainId}`);
    }
  }
}

export const samePath = (a: RoutePath, b: RoutePath) => JSON.stringify(a) === JSON.stringify(b);

/**
 * POST /v1/advanced/stepTransaction: validates a step from the routes list, re-derives it from its id and action,
 * prices it again with current pools and gas, and returns it with a signable transaction (decimal numbers).
 * A fresh output below the step's toAmountMin is a 409 (code 1007): the user must accept the new rate.
 */
export const postStepTransaction: Handler = async (ctx, req) => {
  const query = parseRequest(StepTransactionQuerySchema, req.query);
  const step = parseRequest(StepSchema, await req.body());
  const sender = walletAddress(query.senderAddress, 'senderAddress');
  // An EVM address, or a Solana key: checked against the step's destination chain when the step is resolved.
  const recipient = query.recipientAddress;
  if (step.action.fromAddress.toLowerCase() !== sender.toLowerCase()) {
    throw invalidField('action.fromAddress', 'must equal senderAddress (the wallet that signs)');
  }
  if (!sameChainAddress(step.action.toAddress, recipient)) {
    throw invalidField('action.toAddress', 'must equal recipientAddress');
  }
  if (step.estimate.fromAmount !== step.action.fromAmount) {
    throw invalidField('estimate.fromAmount', 'must equal action.fromAmount');
  }
  const stepMin = BigInt(step.estimate.toAmountMin);
  if (stepMin > BigInt(step.estimate.toAmount)) {
    throw invalidField('estimate.toAmountMin', 'must not exceed estimate.toAmount');
  }

  const request = resolveStepRequest(ctx, step.action, sender, recipient);
  checkTokens(request, step);
  if (step.id.includes('+')) {
    throw invalidField('id', 'is a route of several steps: ask for the transaction of each of its `steps` in turn');
  }
  const decoded = decodeStepId(ctx.routeSecret, step.id, identityOf(request));
  if (!decoded) throw invalidField('id', 'is not a route issued by this service for this action');
  const { path, followsPrevious } = decoded;
  const expectedTool = path.kind === 'swap' ? path.exchange : path.bridge;
  if (step.tool !== expectedTool) throw invalidField('tool', `must be ${expectedTool} for this route`);
  if (step.estimate.tool !== expectedTool) throw invalidField('estimate.tool', `must be ${expectedTool}`);

  const priced = priceRoute(ctx, request, specOf(ctx, request, path));
  if (!priced.ok) throw noQuoteError({ routes: [], failures: priced.failures, filteredOut: [] });
  const fresh = priced.route;
  if (!samePath(fresh.path, path)) throw invalidField('id', 'the route no longer takes the same path');
  if (step.type !== routeType(fresh)) throw invalidField('type', `must be ${routeType(fresh)} for this route`);
  if (fresh.toAmount < stepMin) {
    throw new ApiError(
      409,
      ErrorCode.Slippage,
      `The rate moved beyond the accepted slippage: the step now returns ${fresh.toAmount}, below its toAmountMin ${stepMin}. Fetch new routes and accept the new rate.`,
      { errors: { 'estimate.toAmountMin': `fresh estimate ${fresh.toAmount} is below ${stepMin}` } },
    );
  }
  // The user accepted stepMin; a better fresh price may raise the floor but never lower it.
  const floor = fresh.toAmountMin > stepMin ? fresh.toAmountMin : stepMin;
  const route: PricedRoute = { ...fresh, toAmountMin: floor };
  const presented = presentRoute(
    ctx,
    route,
    { from: sender, recipient: request.toAddress!, numbers: 'decimal' },
    { followsPrevious },
  );
  return json({
    ...presented,
    tool: toolOf(route),
    includedSteps: presented.includedSteps ?? null,
    execution: step.execution ?? null,
  });
};
