import { type Catalog, catalogWithChain } from '../../server/catalog/catalog';
import type { ChainDefinition } from '../../server/catalog/chainData';

/**
 * Gravity (1625): a chain LI.FI publishes a diamond on (at 0x1231DEB6…4EaE, src/contracts/lifiDeployments.ts, where
 * the devnet installs its diamond on every chain) and the extension pins no RPC for (src/chains/trustedRpc.ts). The
 * service does not list it by default; a test that needs it starts it as one more devnet chain with this catalog.
 * Chain data as lifinance/contracts config/networks.json and @lifi/types give it (key `gra`, coin G, wrapped G);
 * USDC.e is Stargate's bridged USDC at the address it has on the Hydra chains.
 */
export const GRAVITY_CHAIN_ID = 1625;

const GRAVITY: ChainDefinition = {
  id: GRAVITY_CHAIN_ID,
  key: 'gra',
  name: 'Gravity',
  chainType: 'EVM',
  coin: 'G',
  nativeName: 'Gravity',
  nativeDecimals: 18,
  nativePriceUSD: 0.01,
  logo: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/chains/gravity.svg',
  explorer: 'https://explorer.gravity.xyz',
  rpcUrls: ['https://rpc.gravity.xyz'],
  multicall: '0xcA11bde05977b3631167028862bE2a173976CA11',
  profile: { gasPriceWei: 1_800_000_000n, blockTimeSec: 1, poolDepthUSD: 2_000_000 },
};

export const USDC_E_GRAVITY = '0xFbDa5F676cB37624f28265A144A48B0d6e87d3b6';

/** The default catalog with Gravity, reached by Across (the twin's AcrossFacetV4) and the devnet's pools. */
export function catalogWithGravity(): Catalog {
  return catalogWithChain({
    chain: GRAVITY,
    tokens: [
      {
        symbol: 'G',
        name: 'Gravity',
        address: '0x0000000000000000000000000000000000000000',
        decimals: 18,
        coinKey: 'G',
        priceUSD: 0.01,
      },
      {
        symbol: 'WG',
        name: 'Wrapped G',
        address: '0xBB859E225ac8Fb6BE1C7e38D87b767e95Fef0EbD',
        decimals: 18,
        coinKey: 'WG',
        priceUSD: 0.01,
      },
      {
        symbol: 'USDC.e',
        name: 'Bridged USDC (Stargate)',
        address: USDC_E_GRAVITY,
        decimals: 6,
        coinKey: 'USDC',
        priceUSD: 1,
      },
    ],
    tools: ['across', 'uniswap'],
  });
}
