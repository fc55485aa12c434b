import type { Simulator } from '../../checks/simulation/simulateBeforeSigning';
import type { RoutingApi } from '../api/routingApi';
import type { Expectations } from '../transfers/expectations';
import type { TransferScheduler } from '../transfers/transferScheduler';
import type { TransferTracker } from '../transfers/transferTracker';
import { fetchVerifiedStep } from '../verifiedStep';
import type { ExecutionSteps } from './executionDeps';

/**
 * What the signing flow reaches for each step (the service's step transaction, the tracker, the relay's watch): the
 * background's own functions, which tests drive directly (no message sends them).
 */
export function createExecutionSteps(deps: {
  api: RoutingApi;
  tracker: TransferTracker;
  scheduler: TransferScheduler;
  expectations: Expectations;
  /** Every transaction is simulated through the chain's trusted RPC before the wallet is asked to sign it. */
  simulator: Simulator;
}): ExecutionSteps {
  const { api, tracker, scheduler, expectations } = deps;
  return {
    getStepTransaction: (data) => fetchVerifiedStep(api, data),
    trackTransfer: async (input, owner) => {
      const record = await tracker.record(input, owner);
      await scheduler.reschedule();
      return record;
    },
    expectTransfer: ({ watchId, tabId, transfer, owner }) => expectations.expect(watchId, tabId, transfer, owner),
    simulator: deps.simulator,
  };
}
