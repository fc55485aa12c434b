import { type BlockExplorerResponse, createBlockExplorer } from './blockExplorer/blockExplorer';
import type { Catalog } from './catalog/catalog';
import type { ChainEndpointOverride } from './catalog/chainJson';
import type { ExchangeDefinition } from './catalog/toolData';
import { BodyCache } from './http/cachedBody';
import type { Logger } from './log';
import type { ServerOptions } from './options';
import type { GasSource, LiquiditySource } from './ports';
import { createDefaultGas } from './routing/defaultGas';
import { createDefaultLiquidity } from './routing/defaultLiquidity';
import type { ServiceContext } from './serviceContext';

/** Default secret of route-id tags (documented; deployments that care set their own). */
export const DEFAULT_ROUTE_SECRET = 'bridge-companion-reference-service';

export type ServiceSetup = {
  context: ServiceContext;
  /** Devnet explorer pages under /explorer when the service serves them (devnet without explorerBaseUrl). */
  explorer?: (pathname: string) => Promise<BlockExplorerResponse | undefined>;
  /** Where the explorer's pages live (`/explorer`), so they can be rate-limited before any is rendered. */
  explorerBasePath?: string;
  /** Called with the server's URL once it listens (the explorer's links need it). */
  listening(url: string): void;
};

/**
 * Wires where numbers come from. Without a devnet: in-memory pools and fixed gas prices. With one, the devnet's
 * chains read pools and gas from the devnet (the rest of the catalog stays simulated), their wallet configuration
 * points at the devnet RPC, and status comes from the devnet.
 */
export function buildServiceContext(input: {
  options: ServerOptions;
  catalog: Catalog;
  log: Logger;
  listingsCache: BodyCache;
}): ServiceSetup {
  const { options, catalog, log, listingsCache } = input;
  const devnet = options.devnet;
  const devnetChains = new Set(devnet?.chains.map((c) => c.chainId) ?? []);
  // Solana runs in-process (server/devnet/solana.ts): served, with no exchange (the devnet swaps on EVM only).
  const solanaChainId = devnet?.solana?.chainId;
  const servedChains = solanaChainId === undefined ? devnetChains : new Set([...devnetChains, solanaChainId]);
  const baseLiquidity = createDefaultLiquidity(catalog);
  const baseGas = createDefaultGas(catalog);

  const liquidity: LiquiditySource = devnet
    ? {
        pools: (chainId, key) =>
          devnetChains.has(chainId) ? devnet.liquidity.pools(chainId, key) : baseLiquidity.pools(chainId, key),
        exchangesOn: (chainId) => (devnetChains.has(chainId) ? devnet.liquidity.exchangesOn?.(chainId) : undefined),
      }
    : baseLiquidity;
  const gas: GasSource = devnet
    ? { gasPrice: (chainId) => (devnetChains.has(chainId) ? devnet.gas.gasPrice(chainId) : baseGas.gasPrice(chainId)) }
    : baseGas;

  const defaultExchanges = new Map<number, readonly ExchangeDefinition[]>();
  for (const chain of catalog.chains) {
    defaultExchanges.set(
      chain.id,
      catalog.exchanges.filter((e) => e.supportedChains.includes(chain.id)),
    );
  }
  const exchangesOn = (chainId: number): readonly ExchangeDefinition[] => {
    if (chainId === solanaChainId) return [];
    const keys = liquidity.exchangesOn?.(chainId);
    if (!keys) return defaultExchanges.get(chainId) ?? [];
    return keys.map((key) => catalog.getExchange(key)).filter((e): e is ExchangeDefinition => e !== undefined);
  };

  const chainOverrides = new Map<number, ChainEndpointOverride>();
  const explorerBase = devnet?.explorerBaseUrl?.replace(/\/+$/, '');
  for (const chain of devnet?.chains ?? []) {
    chainOverrides.set(chain.chainId, {
      rpcUrl: chain.rpcUrl,
      ...(explorerBase ? { explorerUrl: `${explorerBase}/${chain.chainId}` } : {}),
    });
  }

  const context: ServiceContext = {
    catalog,
    liquidity,
    gas,
    timeFactor: options.timeFactor ?? 1,
    routeSecret: options.routeSecret ?? DEFAULT_ROUTE_SECRET,
    exchangesOn,
    log,
    ...(devnet ? { status: devnet.status, servedChains } : {}),
    ...(devnet?.bridgePromises ? { bridgePromises: devnet.bridgePromises } : {}),
    ...(devnet?.solana ? { solanaBlockhash: () => devnet.solana!.latestBlockhash() } : {}),
    chainOverrides,
    chainsCache: new BodyCache(16),
    listingsCache,
  };

  if (!devnet || explorerBase) return { context, listening: () => {} };

  const explorer = createBlockExplorer({
    chains: devnet.chains.flatMap((c) => {
      const def = catalog.getChain(c.chainId);
      return def
        ? [
            {
              chainId: c.chainId,
              name: def.name,
              rpcUrl: c.rpcUrl,
              nativeSymbol: def.coin,
              nativeDecimals: def.nativeDecimals,
            },
          ]
        : [];
    }),
    tokensOf: (chainId) => catalog.tokensByChain.get(chainId) ?? [],
    ...(devnet.solana ? { solana: devnet.solana } : {}),
  });
  return {
    context,
    explorer: (pathname) => explorer.handle(pathname),
    explorerBasePath: explorer.basePath,
    listening: (url) => {
      for (const chain of devnet.chains) {
        const current = chainOverrides.get(chain.chainId);
        if (current)
          chainOverrides.set(chain.chainId, { ...current, explorerUrl: explorer.chainUrl(url, chain.chainId) });
      }
      // Status legs link their transactions to this explorer.
      devnet.onExplorerReady?.(`${url}${explorer.basePath}`);
      log.info(`devnet explorer at ${url}${explorer.basePath}`);
    },
  };
}
