import type { Catalog } from '../catalog/catalog';
import type { CatalogToken } from '../catalog/catalogToken';
import type { PricedLeg } from './priceRoute';
import { formatUSD, fromUnits } from './units';

/** What both dialects write of a priced route's amounts and legs, each in its own shape. */

/** An amount's USD value: cents, or two significant digits below a cent. */
export function usdOf(catalog: Catalog, token: CatalogToken, amount: bigint): string {
  return formatUSD(fromUnits(amount, token.decimals) * catalog.priceOf(token));
}

/** The tool a leg runs on (its exchange or bridge definition). */
export function legTool(leg: PricedLeg) {
  return leg.kind === 'swap' ? leg.quote.exchange : leg.quote.bridge;
}

/** Name and description of a leg's fee item: they depend on the tool only. */
export function feeLabel(leg: PricedLeg): { name: string; description: string } {
  return leg.kind === 'swap'
    ? { name: `${leg.quote.exchange.name} LP fee`, description: 'Liquidity provider fee, taken from the input' }
    : { name: `${leg.quote.bridge.name} fee`, description: 'Bridge relayer and protocol fee' };
}

/** A leg's fee as a share of its input, six decimals. */
export function feePercentage(leg: PricedLeg): string {
  const percentage = leg.amountIn > 0n ? Number(leg.feeAmount) / Number(leg.amountIn) : 0;
  return percentage.toFixed(6);
}

/** The chains a leg runs from and to (one chain for a swap). */
export function legChains(leg: PricedLeg): { fromChainId: number; toChainId: number } {
  return leg.kind === 'swap'
    ? { fromChainId: leg.chain.id, toChainId: leg.chain.id }
    : { fromChainId: leg.from.id, toChainId: leg.to.id };
}

/** A leg's fee item with `token` in the dialect's own shape: both write the same figures in the same order. */
export function feeItem<T>(catalog: Catalog, leg: PricedLeg, token: T) {
  const { name, description } = feeLabel(leg);
  return {
    name,
    description,
    token,
    amount: leg.feeAmount.toString(),
    amountUSD: usdOf(catalog, leg.tokenIn, leg.feeAmount),
    percentage: feePercentage(leg),
    included: true,
  };
}
