import { i18n } from '#i18n';
import { TransactionGuardError } from '../checks/errors';
import { promisedFigures } from '../checks/guards';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { needsRateConfirmation } from '../checks/rate';
import type { PromisedFigure } from '../checks/routers/types';
import {
  type SimulationReport,
  type Simulator,
  simulateBeforeSigning,
} from '../checks/simulation/simulateBeforeSigning';
import type { TransferChoice } from '../model/choice';
import type { Route, Step } from '../schemas/route';
import { checkDestinationGas, type DestinationGasCheck, type DestinationGasDeps } from './destinationGas';
import { preparedStep } from './preparedStep';
import { prepareTransfer, routeAsChosen } from './prepareTransfer';
import { planStep, stepsOf } from './routeSteps';

export type PreviewInput = {
  /** The person's choice when the routes were asked for: the reference, as for the signing flow. */
  choice: TransferChoice;
  route: Route;
  account: `0x${string}`;
  recipient: string;
  allowUnlimited?: boolean;
};

export type PreviewDeps = Partial<DestinationGasDeps> & {
  getStepTransaction(data: {
    step: Step;
    senderAddress: string;
    recipientAddress: string;
  }): Promise<ProvenStepTransaction>;
  simulator: Simulator;
  /** The account's allowance to the spender through the chain's trusted RPC; undefined when it cannot be read. */
  readAllowance(
    chainId: number,
    token: `0x${string}`,
    owner: `0x${string}`,
    spender: `0x${string}`,
  ): Promise<bigint | undefined>;
};

/**
 * What the review shows before the person confirms: the step transaction fetched and guarded exactly as the signing
 * flow does (src/signing/executeTransfer.ts), with the approvals it would need, simulated together through the source
 * chain's trusted RPC and checked against the choice. Resolves to the simulated balance changes, or "not simulated"
 * with the reason where the RPC cannot simulate a plain bridge call; throws the refusal in words (a revert such as an
 * amount beyond the balance, an effect the choice does not allow) as the signing flow would. Nothing is signed: the
 * signing flow fetches, guards and simulates again right before each signature.
 */
export type PreviewReport = FirstStepReport & {
  /** Gas for the steps signed on another chain, read there (src/signing/destinationGas.ts); absent when none are. */
  destinationGas?: DestinationGasCheck;
};

/** The first step's simulation, with what its bridge's owner left open or proved. */
type FirstStepReport = SimulationReport & {
  /** Figures only the bridge's own quote holds, which nothing can check before signing (guards.ts promisedFigures). */
  promised?: readonly PromisedFigure[];
  /** A bridge's fee in the native coin beside the amount, as its own contract states it (deBridge's; wei). */
  nativeFee?: bigint;
};

export async function previewTransfer(input: PreviewInput, deps: PreviewDeps): Promise<PreviewReport> {
  // Read beside the rest: the later steps' chain answers on its own RPC while the source chain simulates.
  const { readGasFunds } = deps;
  const destinationGas = readGasFunds ? checkDestinationGas(input.route, input.account, { readGasFunds }) : undefined;
  const report = await simulatedFirstStep(input, deps);
  const gas = await destinationGas;
  return gas ? { ...report, destinationGas: gas } : report;
}

/**
 * The first signature's step, as the signing flow plans it (src/background/execution/executions.ts): a route of
 * several steps is judged by its first one, which pays the person's own account on the chain of the next.
 */
function firstStep(input: PreviewInput): PreviewInput {
  const { route, account, recipient } = input;
  if (stepsOf(route).length === 1) return input;
  const planned = planStep(route, 0, { ...input.choice, fromAddress: account, toAddress: recipient });
  if (!planned.ok) throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [planned.reason]));
  return { ...input, route: planned.route, choice: planned.choice, recipient: planned.choice.toAddress ?? account };
}

async function simulatedFirstStep(whole: PreviewInput, deps: PreviewDeps): Promise<FirstStepReport> {
  const input = firstStep(whole);
  const { route, account, recipient } = input;
  const choice: TransferChoice = { ...input.choice, fromAddress: account, toAddress: recipient };
  // Crossing popup → background (previewTransfer): the route the review names, before anything is fetched for it.
  routeAsChosen(route, choice);
  const { fromChainId } = choice;
  const { target, approvals, step, shownMin, freshMin } = await prepareTransfer({
    ...input,
    choice,
    readAllowance: (token, spender) => deps.readAllowance(fromChainId, token, account, spender),
    getStepTransaction: deps.getStepTransaction,
  });
  // A lower fresh rate is asked about by the signing flow; the preview judges the transaction as if it were accepted,
  // so the review still shows what it would move.
  const accepted = needsRateConfirmation(shownMin, freshMin);
  const { stepTx, simulation } = preparedStep(input, choice, step, { shownMin, freshMin, accepted, target });
  const report = await simulateBeforeSigning(deps.simulator, {
    ...simulation,
    transactions: [...approvals.map((a) => a.tx), stepTx],
  });
  // Figures the bridge's owner proved (src/background/provenRoutes.ts) are no longer only its promise.
  const proven = step.proven ?? [];
  const promised = promisedFigures(step.transactionRequest, fromChainId).filter((f) => !proven.includes(f));
  return {
    ...report,
    ...(promised.length > 0 ? { promised } : {}),
    ...(step.nativeFee !== undefined ? { nativeFee: step.nativeFee.amount } : {}),
  };
}
