import type { Chain, Token } from '../../schemas/catalog';
import type { DetectedToken } from '../inlineQuotes';
import { explorerSitesForChains } from '../sites/catalogExplorers';
import { matchExplorerUrl } from '../sites/matchExplorerUrl';

export type CatalogReader = {
  getChains(): Promise<Chain[]>;
  getTokens(chainId: number): Promise<Token[]>;
};

/** The catalog token an explorer page is about, or null (not an explorer of a catalog chain, or not a catalog token). */
export async function findPageToken(catalog: CatalogReader, url: string): Promise<DetectedToken | null> {
  const chains = await catalog.getChains();
  const match = matchExplorerUrl(url, explorerSitesForChains(chains));
  if (!match) return null;
  const chain = chains.find((c) => c.id === match.chainId);
  if (!chain) return null;
  const tokens = await catalog.getTokens(chain.id);
  const token = tokens.find((t) => t.address.toLowerCase() === match.address);
  return token ? { chain, token } : null;
}
