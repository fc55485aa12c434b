import type { Chain } from '../../schemas/catalog';
import type { Catalog } from './catalog';

/** The catalog's chain list as stored (after reading storage once), without fetching: undefined before the first. */
export function storedChainList(catalog: Catalog): () => Promise<Chain[] | undefined> {
  return async () => {
    await catalog.chains.warm();
    return catalog.chains.peek()?.value;
  };
}
