import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type Catalog, getCatalog } from '../catalog/catalog';
import type { DevnetHandle } from '../ports';
import { createBridgePromiseBook } from '../routing/bridgePromises';
import { type AnvilNode, freePort, startAnvil } from './anvil';
import { ChainWatcher } from './chainWatcher';
import { ENS_DEVNET_CHAIN_ID, installEns } from './ens';
import { type RelayApiServer, startRelayApi } from './relayApi';
import { Relayer } from './relayer';
import { seedPlan } from './seedPlan';
import { isSetUp, refreshContractCode, setupChain } from './setup';
import { SolanaDevnet } from './solana';
import { type SolanaRpcServer, startSolanaRpc } from './solanaRpc';
import { createDevnetGas, createDevnetLiquidity } from './sources';
import { createDevnetStatus } from './status';
import { createTokenInfo } from './tokenInfo';

/** Ethereum, Arbitrum, Base, Optimism: real chain IDs, so catalog addresses and wallet chain configs match. */
export const DEVNET_CHAIN_IDS = [1, 42161, 8453, 10] as const;

/** A 60 s bridge takes 3 s on the devnet by default: quick to try by hand, slow enough to see PENDING. */
export const DEFAULT_TIME_FACTOR = 0.05;

export type DevnetOptions = {
  /** Multiplies bridge durations and confirmation waits (tests use ~0.002). */
  timeFactor?: number;
  /** Chain state files (anvil --state) and chosen ports live here; the devnet then survives a restart. */
  stateDir?: string;
  log?: (msg: string) => void;
  /** Chain i listens on basePort + i (in DEVNET_CHAIN_IDS order); otherwise reused or free ports. */
  basePort?: number;
  /** Subset of DEVNET_CHAIN_IDS to run (tests that need two chains start faster). */
  chainIds?: readonly number[];
  explorerBaseUrl?: string;
  /** How often each chain's block number is polled. */
  pollMs?: number;
  catalog?: Catalog;
  /** Where Relay's API listens when free: `basePort + 5` by default, else any port. */
  relayApiPort?: number;
  /** Runs Solana in-process (litesvm) beside the EVM chains; default true. */
  solana?: boolean;
};

export type Devnet = DevnetHandle & {
  /** Mutable: the service sets it once its explorer listens; status links read it on every call. */
  explorerBaseUrl?: string;
  timeFactor: number;
  nodes: readonly AnvilNode[];
  relayer: Relayer;
  /** Re-reads every chain now (pools, gas) and lets the relayer see new deposits. */
  sync(): Promise<void>;
  /** Milliseconds from the call to startDevnet until it resolved. */
  startupMs: number;
  /** Solana's JSON-RPC over the in-process VM (server/devnet/solanaRpc.ts): `basePort + 4` when free, else any port. */
  solanaRpcUrl?: string;
  /** Relay's requests API over the orders the twin quoted (server/devnet/relayApi.ts): `basePort + 5` when free. */
  relayApiUrl?: string;
  /** That API's server: a test closes it to see Relay unreachable (and starts its own on the same book). */
  relayApi?: RelayApiServer;
};

export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const catalog = options.catalog ?? getCatalog();
  const timeFactor = options.timeFactor ?? DEFAULT_TIME_FACTOR;
  const chainIds = options.chainIds ?? DEVNET_CHAIN_IDS;
  if (options.stateDir) mkdirSync(options.stateDir, { recursive: true });
  const ports = await choosePorts(chainIds, options);

  // Chains start in parallel; a failure stops the ones that did start (no orphaned anvil).
  const results = await Promise.allSettled(
    chainIds.map((chainId) =>
      startAnvil({
        chainId,
        port: ports.get(chainId),
        stateFile: options.stateDir ? join(options.stateDir, `chain-${chainId}.json`) : undefined,
        log,
      }),
    ),
  );
  const nodes = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopNodes = () => Promise.all(nodes.map((node) => node.stop()));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await stopNodes();
    throw failure.reason;
  }
  if (options.stateDir) savePorts(options.stateDir, nodes);

  const watchers = new Map<number, ChainWatcher>();
  let relayer: Relayer | undefined;
  let solanaRpc: SolanaRpcServer | undefined;
  let relayApi: RelayApiServer | undefined;
  try {
    await Promise.all(
      nodes.map(async (node) => {
        if (node.loadedState && (await isSetUp(node.rpcUrl))) await refreshContractCode(node.rpcUrl);
        else await setupChain(node.rpcUrl, seedPlan(catalog, node.chainId));
        // ENS on the devnet's Ethereum, at mainnet's addresses, with its names registered (./ens.ts).
        if (node.chainId === ENS_DEVNET_CHAIN_ID) await installEns(node.rpcUrl);
      }),
    );
    for (const node of nodes) {
      watchers.set(node.chainId, new ChainWatcher(node.chainId, node.rpcUrl, options.pollMs ?? 100, log));
    }
    await Promise.all([...watchers.values()].map((watcher) => watcher.sync()));
    const tokens = createTokenInfo(catalog, watchers);
    const solana = options.solana === false ? undefined : await SolanaDevnet.start(catalog);
    // After the EVM chains' ports, where development builds trust it (src/chains/trustedRpc.ts).
    const solanaPort = options.basePort === undefined ? undefined : options.basePort + DEVNET_CHAIN_IDS.length;
    solanaRpc = solana ? await startSolanaRpc(solana, solanaPort) : undefined;
    const bridgePromises = createBridgePromiseBook();
    // Relay's own API, apart from the routing service, on the port after Solana's, where development builds ask it
    // (src/checks/promises/relayConfig.ts); the browser tests' devnet, on free chain ports, asks for that port itself.
    const relayPort =
      options.relayApiPort ??
      (options.basePort === undefined ? undefined : options.basePort + DEVNET_CHAIN_IDS.length + 1);
    relayApi = bridgePromises.relayOrders ? await startRelayApi(bridgePromises.relayOrders, relayPort) : undefined;
    relayer = new Relayer({
      watchers,
      catalog,
      tokens,
      timeFactor,
      log,
      promises: bridgePromises,
      ...(solana ? { solana } : {}),
    });
    await relayer.start();
    for (const watcher of watchers.values()) watcher.start();

    let stopped: Promise<void> | undefined;
    const devnet: Devnet = {
      chains: nodes.map((node) => ({ chainId: node.chainId, rpcUrl: node.rpcUrl })),
      explorerBaseUrl: options.explorerBaseUrl,
      timeFactor,
      nodes,
      relayer,
      ...(solana ? { solana } : {}),
      ...(solanaRpc ? { solanaRpcUrl: solanaRpc.url } : {}),
      ...(relayApi ? { relayApiUrl: relayApi.url, relayApi } : {}),
      bridgePromises,
      liquidity: createDevnetLiquidity(watchers),
      gas: createDevnetGas(watchers),
      status: createDevnetStatus({
        watchers,
        catalog,
        tokens,
        timeFactor,
        explorerBaseUrl: () => devnet.explorerBaseUrl,
        ...(solana ? { solana } : {}),
      }),
      sync: async () => {
        await Promise.all([...watchers.values()].map((watcher) => watcher.sync()));
      },
      startupMs: 0,
      onExplorerReady: (baseUrl) => {
        devnet.explorerBaseUrl ??= baseUrl;
      },
      stop: () => {
        stopped ??= (async () => {
          await relayer?.stop();
          await solanaRpc?.close();
          await relayApi?.close();
          await Promise.all([...watchers.values()].map((watcher) => watcher.stop()));
          await stopNodes();
          log('devnet stopped');
        })();
        return stopped;
      },
    };
    devnet.startupMs = Date.now() - started;
    log(
      `devnet ready in ${devnet.startupMs} ms: ${nodes.map((n) => `${n.chainId}@${n.rpcUrl}`).join(', ')}${solanaRpc ? `, solana@${solanaRpc.url}` : ''}${relayApi ? `, relay API@${relayApi.url}` : ''}`,
    );
    return devnet;
  } catch (error) {
    await relayer?.stop();
    await solanaRpc?.close();
    await relayApi?.close();
    await Promise.all([...watchers.values()].map((watcher) => watcher.stop()));
    await stopNodes();
    throw error;
  }
}

/** Ports survive a restart when a state dir is used, so wallets keep working with the same RPC URLs. */
async function choosePorts(chainIds: readonly number[], options: DevnetOptions): Promise<Map<number, number>> {
  const ports = new Map<number, number>();
  if (options.basePort !== undefined) {
    const basePort = options.basePort;
    chainIds.forEach((chainId, index) => {
      ports.set(chainId, basePort + index);
    });
    return ports;
  }
  const saved = options.stateDir ? loadPorts(options.stateDir) : {};
  for (const chainId of chainIds) {
    const previous = saved[String(chainId)];
    ports.set(chainId, previous !== undefined && (await isFree(previous)) ? previous : await freePort());
  }
  return ports;
}

function loadPorts(stateDir: string): Record<string, number> {
  const file = join(stateDir, 'ports.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function savePorts(stateDir: string, nodes: readonly AnvilNode[]): void {
  const ports = Object.fromEntries(nodes.map((node) => [String(node.chainId), node.port]));
  writeFileSync(join(stateDir, 'ports.json'), `${JSON.stringify(ports, null, 2)}\n`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
