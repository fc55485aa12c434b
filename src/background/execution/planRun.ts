import { i18n } from '#i18n';
import { TransactionGuardError } from '../../checks/errors';
import { formatAmount } from '../../format/amount';
import type { ExecutionRecord } from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import { checkStepGas } from '../../signing/destinationGas';
import { planStep, stepsOf } from '../../signing/routeSteps';
import { ExecutionStateError } from './errors';
import type { ExecutionDeps } from './executionDeps';

type Planned = Extract<ReturnType<typeof planStep>, { ok: true }>;

/** The step an execution signs next, checked before any wallet is asked. */
export type PlannedRun = {
  index: number;
  /** Whether it is the route's last step (its funds arrive at the recipient, not travel on). */
  last: boolean;
  /** A one-step route signs the person's own choice; a step of several, the choice planned for it. */
  choice: Planned['choice'];
  route: Planned['route'];
  fromChain: Chain;
  /** The step's own receiver: the person's account for a step before the last, who signs the next one. */
  recipient: string;
};

/**
 * Plans the execution's current step from the person's choice (and what the previous step delivered), finds its chain
 * and, for a step after the first, reads that its gas is there: each refusal is said in words.
 */
export async function planRun(deps: ExecutionDeps, execution: ExecutionRecord['execution']): Promise<PlannedRun> {
  const index = execution.step ?? 0;
  const count = stepsOf(execution.route).length;
  const planned = planStep(
    execution.route,
    index,
    { ...execution.choice, fromAddress: execution.account, toAddress: execution.recipient },
    execution.arrived === undefined ? undefined : BigInt(execution.arrived),
  );
  if (!planned.ok) throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [planned.reason]));
  const fromChain = await deps.chain(planned.choice.fromChainId);
  if (!fromChain) throw new ExecutionStateError(i18n.t('execution.unknownChain', [String(planned.choice.fromChainId)]));
  if (index > 0) await checkGasForStep(deps, planned.route, execution.account, index, fromChain);
  return {
    index,
    last: index === count - 1,
    choice: count === 1 ? execution.choice : planned.choice,
    route: planned.route,
    fromChain,
    recipient: planned.choice.toAddress ?? execution.account,
  };
}

/** Gas for a step after the first (gas on arrival included) is believed once the chain shows it. */
async function checkGasForStep(
  deps: ExecutionDeps,
  route: Planned['route'],
  account: ExecutionRecord['execution']['account'],
  index: number,
  fromChain: Chain,
): Promise<void> {
  if (!deps.readGasFunds) return;
  const gas = await checkStepGas(route, account, { readGasFunds: deps.readGasFunds });
  if (!gas || gas.enough) return;
  const coin = (wei: bigint) => `${formatAmount(wei, fromChain.nativeToken.decimals)} ${fromChain.nativeToken.symbol}`;
  throw new ExecutionStateError(
    i18n.t('execution.noGasForStep', [String(index + 1), fromChain.name, coin(gas.needed), coin(gas.balance)]),
  );
}
