import { invalidField } from '../http/apiError';
import type { RouteSpec } from './priceRoute';
import type { RoutePath } from './routePath';
import type { RouteRequest } from './routeRequest';
import type { RoutingContext } from './routingContext';
import { SOLANA_DEPOSIT_BRIDGES } from './solanaSource';

/** The tools recorded in the path, exactly: re-pricing must not silently pick another exchange or bridge. */
export function specOf(ctx: RoutingContext, request: RouteRequest, path: RoutePath): RouteSpec {
  const exchange = (key: string | undefined, chainId: number) => {
    if (key === undefined) return [];
    const found = ctx.exchangesOn(chainId).find((e) => e.key === key);
    if (!found) throw invalidField('id', `exchange ${key} no longer executes on chain ${chainId}`);
    return [found];
  };
  if (path.kind === 'swap') return { kind: 'swap', exchanges: exchange(path.exchange, request.fromChain.id) };
  const bridge = ctx.catalog.getBridge(path.bridge);
  // A deposit from Solana names the token deposited itself (its solver swaps), not one of the bridge's assets.
  const deposit = request.fromChain.chainType === 'SOLANA' && bridge && SOLANA_DEPOSIT_BRIDGES.has(bridge.key);
  if (!bridge || (!deposit && !bridge.assets.includes(path.asset))) {
    throw invalidField('id', `bridge ${path.bridge} is not available`);
  }
  return {
    kind: 'cross',
    bridge,
    asset: path.asset,
    srcExchanges: exchange(path.srcExchange, request.fromChain.id),
    dstExchanges: exchange(path.dstExchange, request.toChain.id),
  };
}
