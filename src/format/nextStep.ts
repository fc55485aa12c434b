import { i18n } from '#i18n';
import type { ExecutionRecord } from '../model/transfer';
import { stepsOf } from '../signing/routeSteps';
import { formatAmount } from './amount';

/**
 * "Step 2 of 2 is ready. 119.9 USDC arrived on Arbitrum, in your wallet; sign the swap there." for an execution
 * whose previous step arrived; undefined otherwise. What arrived is where the funds are while the person decides.
 */
export function nextStepText(e: ExecutionRecord, chainName: (chainId: number) => string): string | undefined {
  const { phase, step, arrived, route } = e.execution;
  if (phase !== 'needsSignature' || step === undefined || arrived === undefined) return undefined;
  const steps = stepsOf(route);
  const action = steps[step]?.action;
  if (!action) return undefined;
  return i18n.t('execution.nextStep', [
    String(step + 1),
    String(steps.length),
    formatAmount(arrived, action.fromToken.decimals),
    action.fromToken.symbol,
    chainName(Number(action.fromChainId)),
  ]);
}
