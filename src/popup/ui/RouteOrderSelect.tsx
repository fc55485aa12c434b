import { routeOrderLabel } from '../../format/routeOrder';
import { ROUTE_ORDERS, type RouteOrder } from '../../schemas/routeOrder';

/** The route orders in their one set of words: the popup's sort menu and Settings' default order. */
export function RouteOrderSelect(props: { label: string; value: RouteOrder; onChange(order: RouteOrder): void }) {
  return (
    <label class="field inline">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as RouteOrder)}>
        {ROUTE_ORDERS.map((o) => (
          <option key={o} value={o}>
            {routeOrderLabel(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
