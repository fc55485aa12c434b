import { bridgePlan } from '../checks/choice';
import { type ChosenTransfer, checkStepTransaction } from '../checks/guards';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { minimumFloor } from '../checks/rate';
import { ROUTER_FAMILIES, routerFamilyAt } from '../checks/routers/registry';
import type { DecodedRouterCall } from '../checks/routers/types';
import type { LifiFacetCall } from '../checks/simulation/checkEffects';
import { lifiFacetCall } from '../checks/simulation/lifiFacetCall';
import type { PendingTransaction, SimulateBeforeSigningInput } from '../checks/simulation/simulateBeforeSigning';
import type { TransferChoice } from '../model/choice';
import type { ExpectedTransfer } from '../model/transfer';
import { isNativeToken, parseQuantity } from '../schemas/primitives';
import type { Route } from '../schemas/route';
import { guard } from './prepareTransfer';

/** What the step is built for (the signing flow's input; the review's preview passes the same). */
export type StepInput = {
  route: Route;
  account: `0x${string}`;
  /** A 0x address, or a base58 key on Solana. */
  recipient: string;
  /** Only when the person ticked "unlimited approval". */
  allowUnlimited?: boolean;
};

/**
 * The fetched step, guarded against the choice, as the transaction the wallet will be asked for, with what its
 * simulation is checked against. Shared by the signing flow and the review's preview, so both judge the same thing.
 */
export function preparedStep(
  input: StepInput,
  choice: TransferChoice,
  step: ProvenStepTransaction,
  floor: { shownMin: bigint; freshMin: bigint; accepted: boolean; target: `0x${string}` },
) {
  const { route, account, recipient } = input;
  const { fromChainId, toChainId, fromToken, fromAmount } = choice;
  const { shownMin, freshMin, accepted, target } = floor;
  const chosen: ChosenTransfer = {
    fromChainId,
    toChainId,
    fromToken,
    toToken: choice.toToken,
    fromAmount,
    account,
    recipient,
    toAmountMin: minimumFloor(shownMin, freshMin, accepted),
    target,
    plan: bridgePlan(step.includedSteps?.length ? step.includedSteps : route.includedSteps, choice),
    ...(choice.fromAmountForGas !== undefined ? { fromAmountForGas: choice.fromAmountForGas } : {}),
  };
  const tx = step.transactionRequest;
  guard(checkStepTransaction(tx, chosen));
  // Exactly what the wallet is asked to send, for the background to compare with the chain's copy.
  const approvedTx: ExpectedTransfer['approvedTx'] = {
    chainId: fromChainId,
    from: account,
    to: tx.to as `0x${string}`,
    data: tx.data as `0x${string}`,
    value: parseQuantity(tx.value).toString(),
  };
  const gasLimit = tx.gasLimit ? parseQuantity(tx.gasLimit) : undefined;
  // The service's limit plus a margin: gas use moves with state between estimate and inclusion.
  const gas = gasLimit ? (gasLimit * 12n) / 10n : undefined;
  const stepTx: PendingTransaction = {
    kind: 'step',
    to: approvedTx.to,
    data: approvedTx.data,
    value: BigInt(approvedTx.value),
    gas,
  };
  const call = decodedStep(chosen.fromChainId, approvedTx.to, approvedTx.data);
  const simulation = simulationInput(
    input,
    chosen,
    call,
    lifiFacetCall(chosen.fromChainId, approvedTx.to, call, step.nativeFee),
  );
  return { chosen, approvedTx, gas, stepTx, simulation };
}

/** The step's calldata as its router family reads it (the guard already refused anything unreadable). */
function decodedStep(chainId: number, to: `0x${string}`, data: `0x${string}`): DecodedRouterCall | undefined {
  const decoded = routerFamilyAt(chainId, to)?.decode(data, chainId);
  return decoded?.ok ? decoded.call : undefined;
}

/** A call swaps inside when it is a swap, says so (LI.FI), or bridges a token other than the one it takes. */
function swapsInside(call: DecodedRouterCall | undefined): boolean {
  if (!call) return true;
  if (call.kind === 'swap' || call.hasSourceSwaps === true) return true;
  const bridgeToken = call.extra?.bridgeToken;
  return typeof bridgeToken === 'string' && bridgeToken.toLowerCase() !== call.sendingToken.toLowerCase();
}

function simulationInput(
  input: StepInput,
  chosen: ChosenTransfer,
  call: DecodedRouterCall | undefined,
  lifiFacet: LifiFacetCall | undefined,
): Omit<SimulateBeforeSigningInput, 'transactions'> {
  const { fromToken, toToken } = input.route.action!;
  return {
    swapsInside: swapsInside(call),
    expected: {
      chainId: chosen.fromChainId,
      account: chosen.account,
      fromToken: chosen.fromToken,
      fromAmount: chosen.fromAmount,
      toChainId: chosen.toChainId,
      recipient: chosen.recipient,
      toToken: chosen.toToken,
      toAmountMin: chosen.toAmountMin,
      routers: ROUTER_FAMILIES.flatMap((family) => family.addressesOn(chosen.fromChainId)),
      spender: isNativeToken(chosen.fromToken) ? undefined : chosen.target,
      allowUnlimited: input.allowUnlimited === true,
      plan: chosen.plan,
      ...(lifiFacet ? { lifiFacet } : {}),
      ...(chosen.fromAmountForGas !== undefined ? { gasOnArrival: { amount: chosen.fromAmountForGas } } : {}),
      fromLabel: { symbol: fromToken.symbol, decimals: fromToken.decimals },
      toLabel: { symbol: toToken.symbol, decimals: toToken.decimals },
    },
  };
}
