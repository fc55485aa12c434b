import type { Chain, Tool } from '../../src/schemas/catalog';
import type { Catalog, CatalogToken } from './catalog';
import { type ChainEndpointOverride, chainToJson } from './chainJson';

/** Chain IDs of a `chains` filter that the catalog does not know (the caller answers 400 naming them). */
export function unknownChainIds(catalog: Catalog, ids: readonly number[]): number[] {
  return ids.filter((id) => catalog.getChain(id) === undefined);
}

export function listChains(
  catalog: Catalog,
  chainTypes: readonly string[] | undefined,
  overrides: ReadonlyMap<number, ChainEndpointOverride>,
): { chains: Chain[] } {
  const wanted = chainTypes ? new Set(chainTypes) : undefined;
  return {
    chains: catalog.chains
      .filter((c) => !wanted || wanted.has(c.chainType))
      .map((c) => chainToJson(catalog, c, overrides.get(c.id))),
  };
}

export function listTokens(
  catalog: Catalog,
  chainIds: readonly number[] | undefined,
): { tokens: Record<string, readonly CatalogToken[]> } {
  const tokens: Record<string, readonly CatalogToken[]> = {};
  for (const chain of catalog.chains) {
    if (chainIds && !chainIds.includes(chain.id)) continue;
    tokens[String(chain.id)] = catalog.tokensByChain.get(chain.id) ?? [];
  }
  return { tokens };
}

/** Tools supporting at least one of the chains asked for; `supportedChains` is kept whole (LI.FI does the same). */
export function listTools(
  catalog: Catalog,
  chainIds: readonly number[] | undefined,
): { bridges: Tool[]; exchanges: Tool[] } {
  const keep = (supported: readonly number[]) => !chainIds || chainIds.some((id) => supported.includes(id));
  const tool = (t: { key: string; name: string; logoURI: string; supportedChains: number[] }): Tool => ({
    key: t.key,
    name: t.name,
    logoURI: t.logoURI,
    supportedChains: t.supportedChains,
  });
  return {
    bridges: catalog.bridges.filter((b) => keep(b.supportedChains)).map(tool),
    exchanges: catalog.exchanges.filter((e) => keep(e.supportedChains)).map(tool),
  };
}
