import type { LiFiStep } from '@lifi/types';
import { invalidField } from '../http/apiError';
import type { Handler } from '../http/handler';
import { json } from '../http/handler';
import { parseRequest } from '../http/validate';
import { acceptedMinimum, checkStepTokens, decodeStep, repriceStep } from '../routing/rederiveStep';
import { resolveStepRequest, walletAddress } from '../routing/resolveRequest';
import { routeIdOf } from '../routing/routeIds';
import { buildSolanaDeposit } from '../routing/solanaDeposit';
import { DEFAULT_INTEGRATOR, executable } from './executable';
import { lifiStep } from './present';
import { integratorHeader, LifiStepSchema } from './requests';

/**
 * POST /v1/advanced/stepTransaction: the step as the body (no query, as the SDK sends it): sender = its
 * `action.fromAddress`, recipient = its `action.toAddress` (default the sender). Re-derived and priced again as in the
 * spec dialect (server/routing/rederiveStep.ts), and answered as a LiFiStep with the diamond's transaction.
 */
export const postLifiStepTransaction: Handler = async (ctx, req) => {
  const step = parseRequest(LifiStepSchema, await req.body());
  const fromSolana = ctx.catalog.getChain(step.action.fromChainId)?.chainType === 'SOLANA';
  const sender = fromSolana ? step.action.fromAddress : walletAddress(step.action.fromAddress, 'action.fromAddress');
  // Checked against the step's destination chain (an EVM address, or a Solana key) when the step is resolved.
  const resolved = resolveStepRequest(ctx, step.action, sender, step.action.toAddress ?? step.action.fromAddress);
  const accepted = acceptedMinimum(step.estimate);
  checkStepTokens(resolved, step.action, 'unchecked');
  const decoded = decodeStep(ctx, resolved, step, 'step');
  // Gas on arrival is bound into the step's id (its path), as the quote was priced with it.
  const gas = decoded.path.kind === 'cross' ? decoded.path.gas : undefined;
  const request = gas === undefined ? resolved : { ...resolved, fromAmountForGas: BigInt(gas) };
  const route = repriceStep(ctx, request, decoded, accepted, {
    accept: (fresh) => {
      if (!executable(fresh, undefined)) throw invalidField('id', 'is not executable through the diamond');
    },
  });
  const now = Math.floor(Date.now() / 1000);
  // From Solana: a fresh 1Click quote and deposit, on a fresh blockhash (the sender was checked when resolved).
  const solana = fromSolana
    ? await buildSolanaDeposit(ctx, {
        route,
        routeId: routeIdOf(ctx, route),
        from: request.fromAddress!,
        recipient: request.toAddress!,
        now,
      })
    : undefined;
  const answer = lifiStep(
    ctx,
    route,
    // Written into the diamond's BridgeData, where the status reads it back (`metadata.integrator`).
    step.integrator ?? integratorHeader(req.raw.headers) ?? DEFAULT_INTEGRATOR,
    { from: sender, recipient: request.toAddress!, now, ...(solana ? { solana } : {}) },
    { followsPrevious: decoded.followsPrevious },
  ) satisfies LiFiStep;
  return json(answer);
};
