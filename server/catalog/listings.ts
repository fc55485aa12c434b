import type { Chain, Tool } from '../../src/schemas/catalog';
import type { Catalog } from './catalog';
import type { CatalogToken } from './catalogToken';
import { type ChainEndpointOverride, chainToJson } from './chainJson';

/** Chain IDs of a `chains` filter that the catalog does not know (the caller answers 400 naming them). */
export function unknownChainIds(catalog: Catalog, ids: readonly number[], served?: ReadonlySet<number>): number[] {
  return ids.filter((id) => catalog.getChain(id) === undefined || (served !== undefined && !served.has(id)));
}

/** Devnet mode lists only the devnet's chains (`served`); otherwise every catalog chain. */
export function servedChainDefinitions(catalog: Catalog, served?: ReadonlySet<number>) {
  return served ? catalog.chains.filter((c) => served.has(c.id)) : catalog.chains;
}

export function listChains(
  catalog: Catalog,
  chainTypes: readonly string[] | undefined,
  overrides: ReadonlyMap<number, ChainEndpointOverride>,
  served?: ReadonlySet<number>,
): { chains: Chain[] } {
  const wanted = chainTypes ? new Set(chainTypes) : undefined;
  return {
    chains: servedChainDefinitions(catalog, served)
      .filter((c) => !wanted || wanted.has(c.chainType))
      .map((c) => chainToJson(catalog, c, overrides.get(c.id))),
  };
}

export function listTokens(
  catalog: Catalog,
  chainIds: readonly number[] | undefined,
  served?: ReadonlySet<number>,
): { tokens: Record<string, readonly CatalogToken[]> } {
  const tokens: Record<string, readonly CatalogToken[]> = {};
  for (const chain of servedChainDefinitions(catalog, served)) {
    if (chainIds && !chainIds.includes(chain.id)) continue;
    tokens[String(chain.id)] = catalog.tokensByChain.get(chain.id) ?? [];
  }
  return { tokens };
}

/** Tools supporting at least one of the chains asked for; `supportedChains` is kept whole (LI.FI does the same). */
export function listTools(
  catalog: Catalog,
  chainIds: readonly number[] | undefined,
  served?: ReadonlySet<number>,
): { bridges: Tool[]; exchanges: Tool[] } {
  // Devnet mode: a tool's chains are cut to the devnet's, and a tool left with none is not listed.
  const servedOf = (supported: number[]) => (served ? supported.filter((id) => served.has(id)) : supported);
  const keep = (supported: readonly number[]) =>
    supported.length > 0 && (!chainIds || chainIds.some((id) => supported.includes(id)));
  const tool = (t: { key: string; name: string; logoURI: string; supportedChains: number[] }): Tool => ({
    key: t.key,
    name: t.name,
    logoURI: t.logoURI,
    supportedChains: servedOf(t.supportedChains),
  });
  return {
    bridges: catalog.bridges.map(tool).filter((b) => keep(b.supportedChains)),
    exchanges: catalog.exchanges.map(tool).filter((e) => keep(e.supportedChains)),
  };
}
