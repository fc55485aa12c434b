import type { RouteOrder } from '../../src/schemas/requests';
import { invalidField } from '../http/apiError';
import type { PricedRoute } from '../routing/priceRoute';
import type { ToolLists } from '../routing/resolveRequest';
import { sortRoutes } from '../routing/sortRoutes';
import type { ServiceContext } from '../serviceContext';
import type { LifiOrder } from './requests';

/**
 * The bridges the devnet diamond has a facet for (AcrossFacetV4 in contracts/LiFiDiamondDev.sol, the others in
 * contracts/LiFiDev*Facet.sol), by LI.FI's tool keys. Others are filtered out, with the reason.
 */
export const EXECUTABLE_BRIDGES: ReadonlySet<string> = new Set([
  'across',
  'relay',
  'stargateV2',
  'mayan',
  'dln',
  'celercircle',
  'polymer',
  'gasZipBridge',
  'glacis',
  'near',
  'chainflip',
  'symbiosis',
]);

/**
 * Bridges whose facet here reaches Solana: the others' calldata has no place for a Solana receiver (Stargate, CCTP
 * through Celer, Gas.zip, Glacis), or it lives in the bridge's off-chain order the devnet's relayer cannot read
 * (Relay), or needs the receiver's token account, which the step is built too early to derive (Polymer).
 */
const REACHES_SOLANA: ReadonlySet<string> = new Set(['across', 'mayan', 'dln', 'near', 'chainflip']);
export const DEFAULT_INTEGRATOR = 'lifi-api';

/** FASTEST: shortest duration; CHEAPEST (and the deprecated RECOMMENDED): most received; SAFEST: fewest legs. */
const ORDER_OF: Record<LifiOrder, RouteOrder> = {
  FASTEST: 'TIME',
  CHEAPEST: 'OUTPUT',
  RECOMMENDED: 'OUTPUT',
  SAFEST: 'SAFETY',
};

/**
 * Bridges the search may use: the request's allow list (or all) minus its deny list, cut to the executable ones,
 * among those li.quest offers (a retired tool is neither searched nor named in `unavailableRoutes`).
 */
export function bridgeFilter(ctx: ServiceContext, filter: ToolLists | undefined) {
  const offered = ctx.catalog.lifiBridges.map((b) => b.key);
  const allowed = (filter?.allow ?? offered).filter((key) => EXECUTABLE_BRIDGES.has(key));
  return { allowBridges: allowed, denyBridges: filter?.deny, offeredBridges: offered };
}

/** A bridge key li.quest does not offer (retired, such as Hop) is unknown to it: a 400 naming the list. */
export function checkOfferedBridges(ctx: ServiceContext, lists: ToolLists | undefined, prefix: string): void {
  const offered = new Set(ctx.catalog.lifiBridges.map((b) => b.key));
  for (const list of ['allow', 'deny', 'prefer'] as const) {
    const unknown = (lists?.[list] ?? []).filter((key) => !offered.has(key));
    if (unknown.length > 0) throw invalidField(`${prefix}${list}`, `unknown bridge ${unknown.join(', ')}`);
  }
}

/**
 * Routes the diamond can execute through allowed exchanges. One transaction cannot swap on the destination (no
 * message handler here): such a route is executable only as two steps (`steps`), never as one quote.
 */
export function executable(
  route: PricedRoute,
  exchanges: ToolLists | undefined,
  steps: 'one' | 'several' = 'one',
): boolean {
  if (route.path.kind === 'cross' && route.path.dstExchange && steps === 'one') return false;
  if (
    route.path.kind === 'cross' &&
    route.request.toChain.chainType !== 'EVM' &&
    !REACHES_SOLANA.has(route.path.bridge)
  ) {
    return false;
  }
  for (const leg of route.legs) {
    if (leg.kind !== 'swap') continue;
    const key = leg.quote.exchange.key;
    if (exchanges?.allow && !exchanges.allow.includes(key)) return false;
    if (exchanges?.deny?.includes(key)) return false;
  }
  return true;
}

/** In LI.FI's order (default CHEAPEST), routes through preferred bridges or exchanges first. */
export function ordered(
  routes: PricedRoute[],
  order: LifiOrder | undefined,
  bridges?: ToolLists,
  exchanges?: ToolLists,
) {
  const prefer = [...(bridges?.prefer ?? []), ...(exchanges?.prefer ?? [])];
  return sortRoutes(routes, ORDER_OF[order ?? 'CHEAPEST'], prefer.length > 0 ? prefer : undefined);
}
