import { i18n } from '#i18n';
import { GAS_ON_ARRIVAL_TOOL } from '../checks/choice';
import { feeLabel } from '../format/feeLabel';
import { type FeeShare, feeShares } from '../model/feeShares';
import type { FeeCost, Route } from '../schemas/route';

/** LI.FI's step that takes LI.FI's and the integrator's fees (its tool's name is "Integrator Fee"): no bridge. */
export const FEE_COLLECTION_TOOL = 'feeCollection';

type IncludedStep = NonNullable<Route['includedSteps']>[number];

/** One party's share of one of the route's fee items, labelled in our words; `step` (from 1) where it is known. */
export type RouteFeeShare = FeeShare & { label: string; step: number | undefined };

const sameItem = (a: FeeCost, b: FeeCost) =>
  a.name === b.name &&
  a.amount === b.amount &&
  a.token.address.toLowerCase() === b.token.address.toLowerCase() &&
  String(a.token.chainId) === String(b.token.chainId);

/** The step whose tool and input token the fee is charged by and in ("Uniswap LP fee" on a swap of USDC by Uniswap). */
const chargedBy = (fee: FeeCost, step: IncludedStep) =>
  step.action.fromToken.address.toLowerCase() === fee.token.address.toLowerCase() &&
  String(step.action.fromToken.chainId) === String(fee.token.chainId) &&
  fee.name.toLowerCase().includes((step.toolDetails?.name ?? step.tool).toLowerCase());

/**
 * The included step that charges each fee item: the one that lists the same item (LI.FI's and the twin's steps
 * carry their own), else the one whose tool and input token it names; each step taken once per item of one name.
 */
function stepsOfFees(fees: FeeCost[], steps: IncludedStep[]): (number | undefined)[] {
  const used = new Set<string>();
  return fees.map((fee) => {
    const free = (test: (step: IncludedStep) => boolean) =>
      steps.findIndex((step, i) => !used.has(`${i}|${fee.name}`) && test(step));
    let index = free((step) => (step.estimate.feeCosts ?? []).some((item) => sameItem(item, fee)));
    if (index < 0) index = free((step) => chargedBy(fee, step));
    if (index < 0) return undefined;
    used.add(`${index}|${fee.name}`);
    return index;
  });
}

/**
 * The route's fee items split by who takes them (src/model/feeShares.ts), each labelled in our words with the tool
 * that charges it: the step that lists it, else the route's one tool, or its one bridge, or the route's tool name. Two shares that would read the
 * same are told apart by their step ("Liquidity providers' fee on Uniswap (step 3)").
 */
export function routeFeeShares(route: Route): RouteFeeShare[] {
  const fees = route.estimate.feeCosts ?? [];
  const steps = route.includedSteps ?? [];
  const tools = steps.filter((step) => step.tool !== FEE_COLLECTION_TOOL && step.tool !== GAS_ON_ARRIVAL_TOOL);
  const bridges = tools.filter((step) => step.type === 'cross' || step.type === 'bridge');
  const only = tools.length === 1 ? tools[0] : bridges.length === 1 ? bridges[0] : undefined;
  const routeTool = only ? (only.toolDetails?.name ?? only.tool) : (route.toolDetails?.name ?? route.tool);
  const stepOf = stepsOfFees(fees, steps);
  const shares = fees.flatMap((fee, i) => {
    const index = stepOf[i];
    const step = index === undefined ? undefined : steps[index];
    const tool =
      step && step.tool !== FEE_COLLECTION_TOOL && step.tool !== GAS_ON_ARRIVAL_TOOL
        ? (step.toolDetails?.name ?? step.tool)
        : routeTool;
    return feeShares(fee).map((share) => ({
      ...share,
      label: feeLabel({ ...share, ...(fee.description ? { description: fee.description } : {}) }, tool),
      step: index === undefined ? undefined : index + 1,
    }));
  });
  const count = new Map<string, number>();
  for (const share of shares) count.set(share.label, (count.get(share.label) ?? 0) + 1);
  return shares.map((share) =>
    (count.get(share.label) ?? 0) > 1 && share.step !== undefined && share.party === 'tool'
      ? { ...share, label: i18n.t('popup.routes.feeOfStep', [share.label, String(share.step)]) }
      : share,
  );
}
