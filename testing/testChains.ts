import type { Chain } from '../src/schemas/catalog';

/** Test helper: a catalog chain with only what explorer matching reads filled in meaningfully. */
export function testChain(id: number, name: string, blockExplorerUrls: string[] = []): Chain {
  return {
    id,
    key: name.toLowerCase().slice(0, 3),
    name,
    chainType: 'EVM',
    coin: 'ETH',
    mainnet: true,
    nativeToken: {
      address: '0x0000000000000000000000000000000000000000',
      symbol: 'ETH',
      decimals: 18,
      chainId: String(id),
      name: 'Ether',
    },
    wallet: { chainId: `0x${id.toString(16)}`, chainName: name, blockExplorerUrls },
  };
}
