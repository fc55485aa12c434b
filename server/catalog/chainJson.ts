import type { Chain } from '../../src/schemas/catalog';
import type { Catalog } from './catalog';
import type { ChainDefinition } from './chainData';

/** Where a chain is served from when it is not the public mainnet (devnet mode). */
export type ChainEndpointOverride = { rpcUrl: string; explorerUrl?: string };

/** The /v1/chains item for a chain; `override` swaps the wallet's RPC (and explorer) for the devnet's. */
export function chainToJson(catalog: Catalog, def: ChainDefinition, override?: ChainEndpointOverride): Chain {
  const native = catalog.nativeToken(def.id);
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    chainType: def.chainType,
    coin: def.coin,
    mainnet: true,
    logoURI: def.logo,
    nativeToken: {
      address: native?.address ?? '0x0000000000000000000000000000000000000000',
      symbol: def.coin,
      decimals: def.nativeDecimals,
      chainId: String(def.id),
      name: def.nativeName,
      priceUSD: String(def.nativePriceUSD),
    },
    wallet: {
      chainId: `0x${def.id.toString(16)}`,
      chainName: def.name,
      blockExplorerUrls: override ? (override.explorerUrl ? [override.explorerUrl] : []) : [def.explorer],
      rpcUrls: override ? [override.rpcUrl] : def.rpcUrls,
      nativeCurrency: { name: def.nativeName, symbol: def.coin, decimals: def.nativeDecimals },
    },
    ...(def.multicall ? { multicallAddress: def.multicall } : {}),
  };
}
