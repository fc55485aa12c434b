import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT, makeRoute } from '../../testing/popup/fixtures';
import type { PromiseProof } from '../checks/promises/types';
import type { RoutesRequest } from '../schemas/requests';
import type { Route, RoutesResponse, StepTransactionResponse } from '../schemas/route';
import { AllowanceReservedError } from './api/allowance';
import type { BackgroundDeps } from './deps';
import { forgetSearchVerdicts, proveRoutes } from './provenRoutes';

const relayProof = vi.hoisted(() => ({ answer: { ok: true, proven: [], unproven: [] } as PromiseProof }));
vi.mock('../checks/promises/relayStep', () => ({ proveRelayStep: vi.fn(async () => relayProof.answer) }));

/** LI.FI's Relay route (its step carries the service's own step, so the bridge alone sets its figures). */
const relayRoute = (): Route => ({ ...makeRoute({ id: 'relay-route', tool: 'relay' }), serviceStep: { id: 's' } });
const response = (): RoutesResponse => ({ routes: [relayRoute()] });
const request = (amount = '1500000'): RoutesRequest => ({
  fromChainId: '1',
  toChainId: '10',
  fromTokenAddress: relayRoute().action!.fromToken.address,
  toTokenAddress: relayRoute().action!.toToken.address,
  fromAmount: amount,
  fromAddress: ACCOUNT,
});

function serviceApi(fail?: () => Error) {
  const getStepTransaction = vi.fn(async (_params: { priority?: string }) => {
    if (fail) throw fail();
    const route = relayRoute();
    return {
      ...route,
      action: { ...route.action!, fromAddress: ACCOUNT, toAddress: ACCOUNT },
      estimate: { ...route.estimate, toAmountMin: route.estimate.toAmountMin! },
      transactionRequest: { to: ACCOUNT, data: '0x', value: '0', chainId: 1 },
    } as unknown as StepTransactionResponse;
  });
  const api = { getStepTransaction, source: vi.fn(async () => 'http://127.0.0.1:1') };
  return { deps: { api } as unknown as Pick<BackgroundDeps, 'api'>, getStepTransaction };
}

describe('proveRoutes spends step transactions on proofs sparingly', () => {
  beforeEach(() => {
    forgetSearchVerdicts();
    relayProof.answer = { ok: true, proven: [], unproven: [] };
  });

  it("proves a search's bridge once, above the transfer's reserve, and its refreshes reuse the verdict", async () => {
    const { deps, getStepTransaction } = serviceApi();
    for (let search = 0; search < 4; search++) {
      const proven = await proveRoutes(deps, response(), request(), undefined, search ? 'refresh' : 'transfer');
      expect(proven.routes.map((r) => r.id)).toEqual(['relay-route']);
    }
    expect(getStepTransaction).toHaveBeenCalledTimes(1);
    expect(getStepTransaction.mock.calls[0]![0].priority).toBe('proof');
    // Another amount is another search: proven again.
    await proveRoutes(deps, response(), request('2000000'));
    expect(getStepTransaction).toHaveBeenCalledTimes(2);
  });

  it('never spends one for the explorer card, which lists what a search of the same choice proved', async () => {
    const { deps, getStepTransaction } = serviceApi();
    const card = await proveRoutes(deps, response(), request(), undefined, 'card');
    expect(card.routes).toEqual([]);
    expect(card.routeProofs?.leftOut).toBe(1);
    expect(getStepTransaction).not.toHaveBeenCalled();
    await proveRoutes(deps, response(), request());
    const again = await proveRoutes(deps, response(), request(), undefined, 'card');
    expect(again.routes.map((r) => r.id)).toEqual(['relay-route']);
    expect(getStepTransaction).toHaveBeenCalledTimes(1);
  });

  it('keeps refusing a bridge whose owner contradicted the choice, without asking again', async () => {
    relayProof.answer = { ok: false, reason: 'the order pays someone else' };
    const { deps, getStepTransaction } = serviceApi();
    const first = await proveRoutes(deps, response(), request());
    const refresh = await proveRoutes(deps, response(), request(), undefined, 'refresh');
    for (const answer of [first, refresh]) {
      expect(answer.routes).toEqual([]);
      expect(answer.unavailableRoutes?.filteredOut?.[0]?.reason).toMatch(/pays someone else/);
    }
    expect(getStepTransaction).toHaveBeenCalledTimes(1);
  });

  it('asks again on the next refresh when a proof could not be asked (allowance kept for transfers)', async () => {
    const { deps, getStepTransaction } = serviceApi(() => new AllowanceReservedError(Date.now() + 60_000));
    await proveRoutes(deps, response(), request());
    await proveRoutes(deps, response(), request(), undefined, 'refresh');
    expect(getStepTransaction).toHaveBeenCalledTimes(2);
  });
});
