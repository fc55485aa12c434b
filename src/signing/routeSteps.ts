import { i18n } from '#i18n';
import { sameAddress } from '../checks/choice';
import { sameChainAddress } from '../lib/addresses';
import type { TransferChoice } from '../model/choice';
import type { Route } from '../schemas/route';

/** The steps of a route, each a one-step route: a route of one step is its own only step. */
export const stepsOf = (route: Route): readonly Route[] => (route.steps?.length ? route.steps : [route]);

export type PlannedStep = { ok: true; route: Route; choice: TransferChoice } | { ok: false; reason: string };

const sameChain = (a: string | number, b: string | number) => String(a) === String(b);

/** A later step asked for with what actually arrived, as the service (and LI.FI's SDK) expects it. */
function withAmount(step: Route, amount: bigint): Route {
  const fromAmount = amount.toString();
  const first = <T extends { action: object }>(list: readonly T[] | null | undefined) =>
    list?.map((item, i) => (i === 0 ? { ...item, action: { ...item.action, fromAmount } } : item));
  const service = step.serviceStep as
    | ({ id: string; action?: object; includedSteps?: { action: object }[] } & Record<string, unknown>)
    | undefined;
  return {
    ...step,
    action: step.action && { ...step.action, fromAmount },
    estimate: { ...step.estimate, fromAmount },
    includedSteps: first(step.includedSteps),
    ...(service
      ? {
          serviceStep: {
            ...service,
            action: { ...service.action, fromAmount },
            ...(service.includedSteps ? { includedSteps: first(service.includedSteps) } : {}),
          },
        }
      : {}),
  };
}

/**
 * What step `index` of a route must do, derived from the person's choice (with their account and receiver) and
 * never from the service alone: the first step spends exactly the chosen amount of the chosen token; the last
 * delivers the chosen token on the chosen chain to the chosen receiver; each takes the token and chain the one
 * before delivered, `arrived` of it (what the tracked transfer actually received), and every step but the last pays
 * the sender's own account, who signs the next one there. A route of one step is the choice itself.
 */
export function planStep(route: Route, index: number, choice: TransferChoice, arrived?: bigint): PlannedStep {
  const steps = stepsOf(route);
  if (steps.length === 1) return index === 0 ? { ok: true, route, choice } : { ok: false, reason: 'no such step' };
  const step = steps[index];
  if (!step?.action) return { ok: false, reason: i18n.t('guard.noAction') };
  const account = choice.fromAddress;
  if (!account) return { ok: false, reason: i18n.t('guard.noAction') };
  for (let i = 1; i < steps.length; i++) {
    const before = steps[i - 1]!.action!;
    const next = steps[i]!.action!;
    if (
      !sameChain(next.fromChainId, before.toChainId) ||
      !sameChainAddress(next.fromToken.address, before.toToken.address)
    ) {
      return { ok: false, reason: i18n.t('guard.stepGap', [String(i + 1), String(i)]) };
    }
  }
  const last = index === steps.length - 1;
  const endsOn = steps.at(-1)!.action!;
  if (!sameChain(endsOn.toChainId, choice.toChainId) || !sameChainAddress(endsOn.toToken.address, choice.toToken)) {
    return { ok: false, reason: i18n.t('guard.lastStep') };
  }
  const action = step.action;
  if (index === 0) {
    if (
      !sameChain(action.fromChainId, choice.fromChainId) ||
      !sameAddress(action.fromToken.address, choice.fromToken)
    ) {
      return { ok: false, reason: i18n.t('guard.firstStep') };
    }
  } else if (arrived === undefined || arrived <= 0n) {
    return { ok: false, reason: i18n.t('guard.nothing') };
  }
  const fromAmount = index === 0 ? choice.fromAmount : arrived!;
  return {
    ok: true,
    route: index === 0 ? step : withAmount(step, fromAmount),
    choice: {
      fromChainId: Number(action.fromChainId),
      toChainId: Number(action.toChainId),
      fromToken: action.fromToken.address as `0x${string}`,
      toToken: action.toToken.address as `0x${string}`,
      fromAmount,
      fromAddress: account,
      toAddress: last ? (choice.toAddress ?? account) : account,
      slippage: choice.slippage,
      // Gas on arrival comes out of the first step's amount (it pays for the later steps' gas there).
      ...(index === 0 && choice.fromAmountForGas !== undefined ? { fromAmountForGas: choice.fromAmountForGas } : {}),
    },
  };
}
