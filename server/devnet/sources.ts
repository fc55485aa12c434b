import type { GasSource, LiquiditySource } from '../ports';
import type { ChainWatcher } from './chainWatcher';
import { DEVNET_EXCHANGE_KEY } from './seedPlan';

/**
 * Pools of devnet chains come from the on-chain mirror and only under DEVNET_EXCHANGE_KEY: other exchanges do not
 * exist on the devnet, and quoting them would promise outputs no transaction can deliver. Chains the devnet does
 * not run are not answered here (`exchangesOn` gives undefined); the server keeps its simulated pools for them.
 */
export function createDevnetLiquidity(watchers: ReadonlyMap<number, ChainWatcher>): LiquiditySource {
  return {
    pools(chainId, exchangeKey) {
      if (exchangeKey !== DEVNET_EXCHANGE_KEY) return [];
      return watchers.get(chainId)?.pools ?? [];
    },
    exchangesOn(chainId) {
      return watchers.has(chainId) ? [DEVNET_EXCHANGE_KEY] : undefined;
    },
  };
}

/** Gas prices of devnet chains as last read from anvil; `fallback` answers for other chains. */
export function createDevnetGas(watchers: ReadonlyMap<number, ChainWatcher>, fallback?: GasSource): GasSource {
  return {
    gasPrice(chainId) {
      const watcher = watchers.get(chainId);
      if (watcher) return watcher.gasPrice;
      return fallback?.gasPrice(chainId) ?? 1_000_000_000n;
    },
  };
}
