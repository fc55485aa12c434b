import { ROUTE_ORDERS, type RouteOrder } from '../../schemas/requests';
import { usePopup } from './context';

const ORDER_LABELS: Record<RouteOrder, string> = {
  OUTPUT: 'Most received',
  TIME: 'Fastest',
  GAS: 'Lowest gas',
  COST: 'Lowest total cost',
  SAFETY: 'Safest',
};
const SLIPPAGES = [0.001, 0.003, 0.005, 0.01, 0.03];

/** Slippage and route order for this search (the settings' values to begin with). */
export function RouteOptions() {
  const slippage = usePopup((s) => s.slippage);
  const order = usePopup((s) => s.order);
  const setSlippage = usePopup((s) => s.setSlippage);
  const setOrder = usePopup((s) => s.setOrder);
  return (
    <div class="options">
      <label class="field inline">
        <span>Slippage</span>
        <select value={String(slippage)} onChange={(e) => setSlippage(Number(e.currentTarget.value))}>
          {(SLIPPAGES.includes(slippage) ? SLIPPAGES : [...SLIPPAGES, slippage].sort()).map((x) => (
            <option key={x} value={String(x)}>
              {`${+(x * 100).toFixed(2)}%`}
            </option>
          ))}
        </select>
      </label>
      <label class="field inline">
        <span>Sort routes by</span>
        <select value={order} onChange={(e) => setOrder(e.currentTarget.value as RouteOrder)}>
          {ROUTE_ORDERS.map((o) => (
            <option key={o} value={o}>
              {ORDER_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
