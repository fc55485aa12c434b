import { i18n } from '#i18n';
import { sameAddress, sameChainAddress } from '../lib/addresses';
import type { TransferChoice } from '../model/choice';
import { isNativeToken } from '../schemas/primitives';
import type { RoutesRequest } from '../schemas/requests';
import type { Action, IncludedStep, Route, RouteToken, StepTransactionResponse } from '../schemas/route';
import { shownMinimum } from './rate';

/** Catalog facts about the chosen tokens, when known: a route must not relabel them. */
export type ChosenTokens = {
  from?: { symbol: string; decimals: number };
  to?: { symbol: string; decimals: number };
};

export type RouteCheck = { ok: true } | { ok: false; reason: string };

/** One definition of address equality, src/lib/addresses.ts; named here too for the checks that import it from here. */
export { sameAddress };

const sameChain = (a: string | number, b: number) => String(a) === String(b);
const reject = (reason: string): RouteCheck => ({ ok: false, reason });

function toBigInt(value: string | number | undefined): bigint | undefined {
  try {
    return value === undefined ? undefined : BigInt(value);
  } catch {
    return undefined;
  }
}

/** The choice a routes request carries (the popup's form and the card both ask through one). */
export function choiceFromRequest(request: RoutesRequest, slippage: number): TransferChoice {
  return {
    fromChainId: Number(request.fromChainId),
    toChainId: Number(request.toChainId),
    fromToken: request.fromTokenAddress as `0x${string}`,
    toToken: request.toTokenAddress,
    fromAmount: BigInt(request.fromAmount),
    fromAddress: request.fromAddress as `0x${string}` | undefined,
    toAddress: request.toAddress,
    slippage: request.options?.slippage ?? slippage,
    ...(request.fromAmountForGas !== undefined ? { fromAmountForGas: BigInt(request.fromAmountForGas) } : {}),
  };
}

/** The receiver the person expects: the one they typed, else their own account. */
export const chosenReceiver = (choice: TransferChoice) => choice.toAddress ?? choice.fromAddress;

/** An action (route, step or included step) against the choice: chains, tokens, exact amount, addresses. */
export function checkAction(action: Action, choice: TransferChoice, what = i18n.t('guard.what.route')): RouteCheck {
  if (!sameChain(action.fromChainId, choice.fromChainId)) {
    return reject(i18n.t('guard.startsOn', [what, String(action.fromChainId), String(choice.fromChainId)]));
  }
  if (!sameChain(action.toChainId, choice.toChainId)) {
    return reject(i18n.t('guard.endsOn', [what, String(action.toChainId), String(choice.toChainId)]));
  }
  if (!sameAddress(action.fromToken.address, choice.fromToken)) {
    return reject(i18n.t('guard.choiceSpendsToken', [what, action.fromToken.address]));
  }
  if (!sameChainAddress(action.toToken.address, choice.toToken)) {
    return reject(i18n.t('guard.choiceDeliversToken', [what, action.toToken.address]));
  }
  if (toBigInt(action.fromAmount) !== choice.fromAmount) {
    return reject(i18n.t('guard.choiceSpendsUnits', [what, String(action.fromAmount), String(choice.fromAmount)]));
  }
  if (action.fromAddress && choice.fromAddress && !sameAddress(action.fromAddress, choice.fromAddress)) {
    return reject(i18n.t('guard.sendsFrom', [what, String(action.fromAddress)]));
  }
  const receiver = chosenReceiver(choice);
  if (action.toAddress && receiver && !sameChainAddress(action.toAddress, receiver)) {
    return reject(i18n.t('guard.pays', [what, String(action.toAddress), receiver]));
  }
  return { ok: true };
}

/** LI.FI's tool key of the included step that stands for gas on arrival (its refuel, through Gas.zip). */
export const GAS_ON_ARRIVAL_TOOL = 'gasZip';

/** The steps a transfer's tokens pass through: gas on arrival is a part of the amount beside them. */
const transferSteps = (steps: readonly IncludedStep[]) => steps.filter((s) => s.tool !== GAS_ON_ARRIVAL_TOOL);

/**
 * With gas on arrival chosen, the steps open with it: the chosen part of the chosen token, from the chosen chain, to
 * the destination's native coin there. Without it, no step may be one.
 */
function checkGasStep(steps: readonly IncludedStep[], choice: TransferChoice): RouteCheck {
  const gasSteps = steps.filter((s) => s.tool === GAS_ON_ARRIVAL_TOOL);
  if (choice.fromAmountForGas === undefined) {
    return gasSteps.length === 0 ? { ok: true } : reject(i18n.t('guard.firstStep'));
  }
  const gas = steps[0]?.tool === GAS_ON_ARRIVAL_TOOL && gasSteps.length === 1 ? steps[0].action : undefined;
  if (
    !gas ||
    !sameChain(gas.fromChainId, choice.fromChainId) ||
    !sameChain(gas.toChainId, choice.toChainId) ||
    !sameAddress(gas.fromToken.address, choice.fromToken) ||
    !isNativeToken(gas.toToken.address) ||
    toBigInt(gas.fromAmount) !== choice.fromAmountForGas
  ) {
    return reject(i18n.t('guard.gasStep'));
  }
  return { ok: true };
}

/** Included steps must lead from the chosen token to the chosen token, each starting where the previous ended. */
function checkSteps(all: readonly IncludedStep[] | null | undefined, choice: TransferChoice): RouteCheck {
  if (!all || all.length === 0) return { ok: true };
  const gas = checkGasStep(all, choice);
  if (!gas.ok) return gas;
  const steps = transferSteps(all);
  if (steps.length === 0) return reject(i18n.t('guard.firstStep'));
  const first = steps[0]!.action;
  const last = steps[steps.length - 1]!.action;
  if (
    !sameChain(first.fromChainId, choice.fromChainId) ||
    !sameAddress(first.fromToken.address, choice.fromToken) ||
    toBigInt(first.fromAmount) !== choice.fromAmount - (choice.fromAmountForGas ?? 0n)
  ) {
    return reject(i18n.t('guard.firstStep'));
  }
  if (!sameChain(last.toChainId, choice.toChainId) || !sameChainAddress(last.toToken.address, choice.toToken)) {
    return reject(i18n.t('guard.lastStep'));
  }
  for (let i = 1; i < steps.length; i++) {
    const before = steps[i - 1]!.action;
    const next = steps[i]!.action;
    if (
      !sameChain(next.fromChainId, Number(before.toChainId)) ||
      !sameChainAddress(next.fromToken.address, before.toToken.address)
    ) {
      return reject(i18n.t('guard.stepGap', [String(i + 1), String(i)]));
    }
  }
  return { ok: true };
}

function checkLabels(action: Action, tokens: ChosenTokens | undefined): RouteCheck {
  for (const [side, token, known] of [
    ['source', action.fromToken, tokens?.from],
    ['destination', action.toToken, tokens?.to],
  ] as const) {
    if (!known) continue;
    if (token.decimals !== known.decimals || token.symbol !== known.symbol) {
      return reject(
        i18n.t(side === 'source' ? 'guard.sourceLabels' : 'guard.destinationLabels', [
          token.symbol,
          String(token.decimals),
          known.symbol,
          String(known.decimals),
        ]),
      );
    }
  }
  return { ok: true };
}

/**
 * A route from the service against the person's choice. Only a route that passes is ever shown: its action must be
 * exactly the request (chains, tokens, amount, sender and receiver when named), its estimate must spend that amount
 * and promise something, its steps must connect, and its token labels must be the catalog's.
 */
export function verifyRoute(route: Route, choice: TransferChoice, tokens?: ChosenTokens): RouteCheck {
  const action = route.action;
  if (!action) return reject(i18n.t('guard.noAction'));
  const matches = checkAction(action, choice, i18n.t('guard.what.it'));
  if (!matches.ok) return matches;
  if (route.estimate.fromAmount !== undefined && toBigInt(route.estimate.fromAmount) !== choice.fromAmount) {
    return reject(i18n.t('guard.estimateSpends', [String(route.estimate.fromAmount), String(choice.fromAmount)]));
  }
  const toAmount = toBigInt(route.estimate.toAmount);
  if (toAmount === undefined || toAmount <= 0n) return reject(i18n.t('guard.nothing'));
  const steps = checkSteps(route.includedSteps, choice);
  if (!steps.ok) return steps;
  return checkLabels(action, tokens);
}

/** The fresh step transaction's own description must still be the person's choice. */
export function verifyStep(step: StepTransactionResponse, choice: TransferChoice): RouteCheck {
  const matches = checkAction(step.action, choice, i18n.t('guard.what.step'));
  if (!matches.ok) return matches;
  if (toBigInt(step.estimate.fromAmount) !== choice.fromAmount) {
    return reject(i18n.t('guard.stepSpends', [String(step.estimate.fromAmount), String(choice.fromAmount)]));
  }
  return checkSteps(step.includedSteps, choice);
}

/**
 * The token the bridge step delivers on the destination chain when a swap there follows it (so it is not the token
 * the person chose): what a PARTIAL leaves with the person. Undefined when the bridge delivers the chosen token.
 */
export function destinationBridgeToken(
  steps: readonly IncludedStep[] | null | undefined,
  toToken: RouteToken,
): RouteToken | undefined {
  const bridge = steps && transferSteps(steps).find((s) => String(s.action.fromChainId) !== String(s.action.toChainId));
  if (!bridge) return undefined;
  const delivered = bridge.action.toToken;
  return delivered.address.toLowerCase() === toToken.address.toLowerCase() ? undefined : delivered;
}

/** The least the person is shown they will receive on this route (see rate.ts). */
export const routeMinimum = (route: Route, choice: TransferChoice) =>
  shownMinimum(toBigInt(route.estimate.toAmount) ?? 0n, choice.slippage);

/**
 * What a route's steps say about the bridge in the middle, for routers that name it (the devnet router's
 * `bridgeToken`, `dstBridgeToken`, `minBridgeAmount`): the token that crosses, on each side, and the least the swap
 * before it must yield (its own estimate less the person's slippage). Steps were checked to connect (verifyStep).
 */
export type BridgePlan = {
  bridgeToken: `0x${string}`;
  /** A 0x address, or a base58 SPL mint on Solana. */
  dstBridgeToken: string;
  /** Only when a swap comes before the bridge. */
  minBridgeAmount?: bigint;
};

export function bridgePlan(
  all: readonly IncludedStep[] | null | undefined,
  choice: TransferChoice,
): BridgePlan | undefined {
  const steps = all && transferSteps(all);
  if (!steps || steps.length === 0) {
    // One bridge step: the chosen tokens cross as they are.
    return { bridgeToken: choice.fromToken, dstBridgeToken: choice.toToken };
  }
  const index = steps.findIndex((s) => String(s.action.fromChainId) !== String(s.action.toChainId));
  if (index < 0) return undefined;
  const bridge = steps[index]!.action;
  const before = index > 0 ? steps[index - 1] : undefined;
  const swapOut = before ? toBigInt(before.estimate.toAmount) : undefined;
  return {
    bridgeToken: bridge.fromToken.address as `0x${string}`,
    dstBridgeToken: bridge.toToken.address as `0x${string}`,
    ...(swapOut !== undefined ? { minBridgeAmount: shownMinimum(swapOut, choice.slippage) } : {}),
  };
}
