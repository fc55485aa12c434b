import { sameChainAddress } from '../../src/lib/addresses';
import { invalidField } from '../http/apiError';
import { type Handler, json } from '../http/handler';
import { parseRequest } from '../http/validate';
import { acceptedMinimum, checkStepTokens, decodeStep, repriceStep } from '../routing/rederiveStep';
import { resolveStepRequest, walletAddress } from '../routing/resolveRequest';
import { routeIdOf } from '../routing/routeIds';
import { buildSolanaDeposit } from '../routing/solanaDeposit';
import { toolOf } from '../routing/sortRoutes';
import { presentRoute, routeType } from './present';
import { SpecStepSchema, SpecStepTransactionQuerySchema } from './requests';

/**
 * POST /v1/advanced/stepTransaction: validates a step from the routes list, re-derives it from its id and action,
 * prices it again with current pools and gas, and returns it with a signable transaction (decimal numbers).
 * A fresh output below the step's toAmountMin is a 409 (code 1007): the user must accept the new rate.
 */
export const postStepTransaction: Handler = async (ctx, req) => {
  const query = parseRequest(SpecStepTransactionQuerySchema, req.query);
  const step = parseRequest(SpecStepSchema, await req.body());
  // From Solana a base58 key, checked as Solana's when the step is resolved; elsewhere a checksummed EVM address.
  const fromSolana = ctx.catalog.getChain(Number(step.action.fromChainId))?.chainType === 'SOLANA';
  const sender = fromSolana ? query.senderAddress : walletAddress(query.senderAddress, 'senderAddress');
  // An EVM address, or a Solana key: checked against the step's destination chain when the step is resolved.
  const recipient = query.recipientAddress;
  if (!sameChainAddress(step.action.fromAddress, sender)) {
    throw invalidField('action.fromAddress', 'must equal senderAddress (the wallet that signs)');
  }
  if (!sameChainAddress(step.action.toAddress, recipient)) {
    throw invalidField('action.toAddress', 'must equal recipientAddress');
  }
  if (step.estimate.fromAmount !== step.action.fromAmount) {
    throw invalidField('estimate.fromAmount', 'must equal action.fromAmount');
  }
  const accepted = acceptedMinimum(step.estimate);

  const request = resolveStepRequest(ctx, step.action, sender, recipient);
  checkStepTokens(request, step.action, 'checked');
  if (step.id.includes('+')) {
    throw invalidField('id', 'is a route of several steps: ask for the transaction of each of its `steps` in turn');
  }
  const decoded = decodeStep(ctx, request, step, 'route');
  if (step.estimate.tool !== decoded.tool) throw invalidField('estimate.tool', `must be ${decoded.tool}`);
  const route = repriceStep(ctx, request, decoded, accepted, {
    accept: (fresh) => {
      if (step.type !== routeType(fresh)) throw invalidField('type', `must be ${routeType(fresh)} for this route`);
    },
    advice: 'Fetch new routes and accept the new rate.',
  });
  const solana = fromSolana
    ? await buildSolanaDeposit(ctx, {
        route,
        routeId: routeIdOf(ctx, route),
        from: request.fromAddress!,
        recipient: request.toAddress!,
        now: Math.floor(Date.now() / 1000),
      })
    : undefined;
  const presented = presentRoute(
    ctx,
    route,
    { from: sender, recipient: request.toAddress!, numbers: 'decimal', ...(solana ? { solana } : {}) },
    { followsPrevious: decoded.followsPrevious },
  );
  return json({
    ...presented,
    tool: toolOf(route),
    includedSteps: presented.includedSteps ?? null,
    execution: step.execution ?? null,
  });
};
