import { i18n } from '#i18n';
import { routeOrderLabel } from '../../format/routeOrder';
import { formatSlippage, slippageWarning } from '../../format/slippage';
import { usePopup } from './context';
import { RouteOrderSelect } from './RouteOrderSelect';

const SLIPPAGES = [0.001, 0.003, 0.005, 0.01, 0.03];

/**
 * Slippage and route order for this search (the settings' values to begin with), folded into one line that says
 * both, so the form, the best route and the send button fit a 600 px popup. A slippage worth a word is said outside
 * the fold.
 */
export function RouteOptions() {
  const slippage = usePopup((s) => s.slippage);
  const order = usePopup((s) => s.order);
  const setSlippage = usePopup((s) => s.setSlippage);
  const setOrder = usePopup((s) => s.setOrder);
  const warning = slippageWarning(slippage);
  return (
    <>
      <details class="options" data-testid="route-options">
        <summary class="small muted">
          {i18n.t('popup.options.summary', [formatSlippage(slippage), routeOrderLabel(order)])}
        </summary>
        <div class="options-fields">
          <label class="field inline">
            <span>{i18n.t('popup.options.slippage')}</span>
            <select value={String(slippage)} onChange={(e) => setSlippage(Number(e.currentTarget.value))}>
              {(SLIPPAGES.includes(slippage) ? SLIPPAGES : [...SLIPPAGES, slippage].sort((a, b) => a - b)).map((x) => (
                <option key={x} value={String(x)}>
                  {formatSlippage(x)}
                </option>
              ))}
            </select>
          </label>
          <RouteOrderSelect label={i18n.t('popup.options.sortBy')} value={order} onChange={setOrder} />
        </div>
      </details>
      {warning && (
        <p class="notice small" role="status" data-testid="slippage-warning">
          {warning}
        </p>
      )}
    </>
  );
}
