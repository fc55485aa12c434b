import type { Catalog } from '../catalog/catalog';
import type { GasSource } from '../ports';

/** Fixed reference gas prices per chain (chainData profiles): deterministic, so quotes are reproducible. */
export function createDefaultGas(catalog: Catalog): GasSource {
  return { gasPrice: (chainId) => catalog.getChain(chainId)?.profile.gasPriceWei ?? 1_000_000_000n };
}
