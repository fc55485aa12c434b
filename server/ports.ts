import type { StatusResponse } from '../src/schemas/status';
import type { SolanaDevnet } from './devnet/solana';
import type { BridgePromiseBook } from './routing/bridgePromises';

/**
 * The seams between the routing service and where its numbers come from. The plain service uses in-memory
 * simulated pools and answers NOT_FOUND for every hash; devnet mode (server/devnet/) plugs in sources that read
 * the anvil chains, so what is quoted is what executes and status comes from the chains.
 */

/** A constant-product pool between two tokens (addresses lower-cased; zero address is the native coin). */
export type Pool = {
  token0: string;
  token1: string;
  reserve0: bigint;
  reserve1: bigint;
  /** Swap fee in basis points (30 = 0.3 %). */
  feeBps: number;
};

export interface LiquiditySource {
  /** Pools of one exchange on one chain; the routing search reads them synchronously, so keep them in memory. */
  pools(chainId: number, exchangeKey: string): readonly Pool[];
  /** Exchanges that can actually execute on this chain (devnet: only the router's own pools). */
  exchangesOn?(chainId: number): readonly string[] | undefined;
}

export interface GasSource {
  /** Current gas price in wei on a chain. */
  gasPrice(chainId: number): bigint;
}

export interface StatusSource {
  /** Status of a source-chain transaction: a lower-cased 0x… 32-byte hash, or a Solana signature (base58, as sent). */
  getStatus(txHash: string): Promise<StatusResponse>;
  /** The transaction that started the transfer with this LI.FI `transactionId` (the twin's task ID), if any. */
  findTask?(taskId: `0x${string}`): Promise<`0x${string}` | undefined>;
  /** The transaction that started the first transfer whose LI.FI `transactionId` `matches` (a deposit address's). */
  findTransfer?(matches: (transactionId: `0x${string}`) => boolean): Promise<`0x${string}` | undefined>;
}

/** What devnet mode hands the service. */
export interface DevnetHandle {
  /** Chains served by local anvil nodes; their wallet configuration reports these RPC URLs. */
  chains: readonly { chainId: number; rpcUrl: string }[];
  /** Base URL of the devnet block explorer served by the service, when it serves one. */
  explorerBaseUrl?: string;
  /** Called by the service once its own devnet explorer listens (`${url}/explorer`): status txLinks point there. */
  onExplorerReady?(baseUrl: string): void;
  liquidity: LiquiditySource;
  gas: GasSource;
  status: StatusSource;
  /** Solana, run in-process beside the EVM chains (server/devnet/solana.ts). */
  solana?: SolanaDevnet;
  /** What the service quoted per transfer, which the relayer pays where a bridge's calldata holds no minimum. */
  bridgePromises?: BridgePromiseBook;
  stop(): Promise<void>;
}
