import { i18n } from '#i18n';
import { GAS_ON_ARRIVAL_TOOL } from '../../checks/choice';
import { formatAmount } from '../../format/amount';
import type { TransferChoice } from '../../model/choice';
import type { Chain } from '../../schemas/catalog';
import type { Route } from '../../schemas/route';
import { stepsOf } from '../../signing/routeSteps';

/** The Gas.zip step of the route's first step: the gas on arrival it carries, as the service quoted it. */
export const arrivingGasStep = (route: Route) =>
  stepsOf(route)[0]?.includedSteps?.find((step) => step.tool === GAS_ON_ARRIVAL_TOOL);

/**
 * With gas on arrival chosen, what arrives, said plainly: what the first step delivers (and what step 2 swaps it to)
 * and about how much native coin arrives for gas, as the route's Gas.zip step quotes it. Nothing without a choice.
 */
export function GasOnArrivalReceived(props: {
  route: Route;
  choice: TransferChoice;
  chains: readonly Chain[];
  /** Takes the choice back: the route without gas, shown before it. */
  onDrop(): void;
}) {
  if (props.choice.fromAmountForGas === undefined) return null;
  const steps = stepsOf(props.route);
  const first = steps[0]!;
  const gasStep = arrivingGasStep(props.route);
  if (!gasStep || !first.action) return null;
  const chain = props.chains.find((c) => String(c.id) === String(gasStep.action.toChainId));
  const amount = (value: string, token: { decimals: number; symbol: string }) =>
    `${formatAmount(value, token.decimals)} ${token.symbol}`;
  const gas = amount(gasStep.estimate.toAmount, gasStep.action.toToken);
  const chainName = chain?.name ?? String(gasStep.action.toChainId);
  const delivered = amount(first.estimate.toAmount, first.action.toToken);
  const later = steps.length > 1 ? props.route.action?.toToken : undefined;
  return (
    <section class="small">
      <p class="break" role="status" data-testid="review-gas-arrives">
        {later
          ? i18n.t('gasOnArrival.receiveThenSwap', [delivered, later.symbol, '2', gas, chainName])
          : i18n.t('gasOnArrival.receive', [delivered, gas, chainName])}
      </p>
      <button type="button" class="secondary" onClick={props.onDrop} data-testid="review-gas-drop">
        {i18n.t('gasOnArrival.drop')}
      </button>
    </section>
  );
}
