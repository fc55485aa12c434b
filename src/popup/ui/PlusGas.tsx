import { i18n } from '#i18n';
import type { RouteSummary } from '../routeSummary';
import { usePopup } from './context';

/** "plus ~0.00075 ETH for gas on OP Mainnet": gas on arrival said apart from the amount and path it is not part of. */
export function PlusGas({ gas }: { gas: NonNullable<RouteSummary['gasOnArrival']> }) {
  const chain = usePopup((s) => s.chains.find((c) => String(c.id) === gas.chainId)?.name ?? gas.chainId);
  return (
    <p class="muted small" data-testid="route-plus-gas">
      {i18n.t('popup.routes.plusGas', [gas.amount, gas.symbol, chain])}
    </p>
  );
}
