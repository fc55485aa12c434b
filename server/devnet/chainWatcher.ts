import { createPublicClient, http, type PublicClient } from 'viem';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import type { Pool } from '../ports';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';

/**
 * Follows one anvil chain: polls the block number and, on every new block, re-reads all router pools (one
 * `getPools` call) and the gas price in a single batched request. The routing search reads pools synchronously,
 * so this in-memory mirror is what it quotes from; listeners (the relayer) run after the mirror is fresh.
 * Polling rather than subscriptions: anvil automines one block per transaction, and Node 20 has no WebSocket.
 */
export class ChainWatcher {
  readonly client: PublicClient;
  pools: readonly Pool[] = [];
  gasPrice = 1_000_000_000n;
  blockNumber = -1n;
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  private polling: Promise<void> | undefined;
  private readonly listeners = new Set<(blockNumber: bigint) => Promise<void> | void>();

  constructor(
    readonly chainId: number,
    readonly rpcUrl: string,
    private readonly pollMs: number,
    private readonly log: (msg: string) => void = () => {},
  ) {
    this.client = createPublicClient({
      transport: http(rpcUrl, { batch: { wait: 0 }, retryCount: 1, timeout: 10_000 }),
      pollingInterval: Math.max(20, Math.min(pollMs, 250)),
    });
  }

  onBlock(listener: (blockNumber: bigint) => Promise<void> | void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the chain now (start-up, and tests that must not wait for the next poll). */
  async sync(): Promise<void> {
    // Coalesce: a sync requested while one runs waits for it and then runs once more, so it sees the latest block.
    while (this.polling) await this.polling;
    this.polling = this.poll().finally(() => {
      this.polling = undefined;
    });
    await this.polling;
  }

  start(): void {
    const tick = async () => {
      try {
        if (!this.polling) await this.sync();
        if (this.failing) this.log(`chain ${this.chainId}: reachable again`);
        this.failing = false;
      } catch (error) {
        // Logged once per outage, not on every poll.
        if (!this.failing) this.log(`chain ${this.chainId}: poll failed: ${(error as Error).message}`);
        this.failing = true;
      }
      if (this.timer !== undefined) this.timer = setTimeout(tick, this.pollMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.polling) await this.polling.catch(() => {});
  }

  private async poll(): Promise<void> {
    const blockNumber = await this.client.getBlockNumber({ cacheTime: 0 });
    if (blockNumber === this.blockNumber) return;
    const [pools, gasPrice] = await Promise.all([
      this.client.readContract({
        address: ROUTER_ADDRESS,
        abi: bridgeRouterAbi,
        functionName: 'getPools',
        blockNumber,
      }),
      this.client.getGasPrice(),
    ]);
    this.pools = pools.map((pool) => ({
      token0: pool.token0.toLowerCase(),
      token1: pool.token1.toLowerCase(),
      reserve0: pool.reserve0,
      reserve1: pool.reserve1,
      feeBps: pool.feeBps,
    }));
    this.gasPrice = gasPrice;
    this.blockNumber = blockNumber;
    for (const listener of this.listeners) {
      try {
        await listener(blockNumber);
      } catch (error) {
        this.log(`chain ${this.chainId}: block listener failed: ${(error as Error).message}`);
      }
    }
  }
}
