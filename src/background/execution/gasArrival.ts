import type { ExecutionRecord } from '../../model/transfer';
import { toChainIdNumber } from '../../schemas/primitives';
import type { DestinationGasDeps } from '../../signing/destinationGas';
import { stepsOf } from '../../signing/routeSteps';

/** How long to look for Gas.zip's payout: it is paid apart from the bridge's, and may land a little after it. */
export const GAS_READ_ATTEMPTS = 12;
const GAS_READ_PAUSE_MS = 5_000;

/**
 * When a later step of a route with gas on arrival became ready: the native coin the account holds on that step's
 * chain, read through the chain's trusted RPC, so the popup can say the gas is there from what the chain shows
 * (Gas.zip's figure is only its promise). Read again after a pause while the chain shows none, up to `attempts`
 * times. Undefined when there is nothing to read, it cannot be read, or the chain still shows none: then nothing is
 * said about it (Continue reads it again, checkStepGas).
 */
export async function readGasArrival(
  record: ExecutionRecord,
  deps: DestinationGasDeps & { pause?(ms: number): Promise<void> },
  attempts = GAS_READ_ATTEMPTS,
): Promise<ExecutionRecord['execution']['gasRead']> {
  const { execution } = record;
  if (execution.phase !== 'needsSignature' || !execution.step || execution.choice.fromAmountForGas === undefined)
    return undefined;
  const step = stepsOf(execution.route)[execution.step];
  if (!step?.action) return undefined;
  const chainId = toChainIdNumber(step.action.fromChainId);
  const pause = deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const funds = await deps.readGasFunds(chainId, execution.account).catch(() => undefined);
    if (funds && funds.balance > 0n) return { chainId, balance: funds.balance.toString() };
    if (attempt < attempts) await pause(GAS_READ_PAUSE_MS);
  }
  return undefined;
}
