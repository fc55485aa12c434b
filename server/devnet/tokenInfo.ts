import { erc20Abi, getAddress } from 'viem';
import type { Catalog } from '../catalog/catalog';
import type { ChainWatcher } from './chainWatcher';

export type TokenInfo = { address: string; chainId: number; symbol: string; decimals: number; name: string };

const NATIVE = '0x0000000000000000000000000000000000000000';

/** Token metadata for status legs and decimal conversion: the catalog first, then the token contract itself. */
export function createTokenInfo(catalog: Catalog, watchers: ReadonlyMap<number, ChainWatcher>) {
  const cache = new Map<string, Promise<TokenInfo>>();

  async function read(chainId: number, address: string): Promise<TokenInfo> {
    const listed = catalog.findToken(chainId, address);
    if (listed) {
      return { address: listed.address, chainId, symbol: listed.symbol, decimals: listed.decimals, name: listed.name };
    }
    const chain = catalog.getChain(chainId);
    if (address.toLowerCase() === NATIVE) {
      return {
        address: NATIVE,
        chainId,
        symbol: chain?.coin ?? 'ETH',
        decimals: chain?.nativeDecimals ?? 18,
        name: chain?.nativeName ?? 'Ether',
      };
    }
    const watcher = watchers.get(chainId);
    if (!watcher) throw new Error(`token ${address} on chain ${chainId}: chain not on the devnet`);
    const token = getAddress(address);
    const [symbol, decimals, name] = await Promise.all([
      watcher.client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      watcher.client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
      watcher.client.readContract({ address: token, abi: erc20Abi, functionName: 'name' }),
    ]);
    return { address: token, chainId, symbol, decimals, name };
  }

  return {
    get(chainId: number, address: string): Promise<TokenInfo> {
      const key = `${chainId}:${address.toLowerCase()}`;
      let entry = cache.get(key);
      if (!entry) {
        entry = read(chainId, address);
        // A failed read (chain briefly down) is retried next time rather than cached.
        entry.catch(() => cache.delete(key));
        cache.set(key, entry);
      }
      return entry;
    },
  };
}

export type TokenInfoSource = ReturnType<typeof createTokenInfo>;
