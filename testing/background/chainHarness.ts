import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { removeAllListeners } from '../../src/messaging/protocol';
import { type ScriptedServer, startScriptedServer } from '../scriptedServer';
import { type Harness, startHarness } from './harness';
import { startTestChain, type TestChain } from './testChain';

/** The chain that a test chain's RPC is also registered for, though the node is not that chain (a wrong override). */
export const MISLABELLED_CHAIN_ID = 8453;

/**
 * A background on a real chain for handler tests: one anvil node with the devnet's ERC-20 at `tokens` (started once
 * per file), a scripted routing service, and a fresh background per test whose trusted RPC for `chainId` is that
 * node, also registered (wrongly) for MISLABELLED_CHAIN_ID. `script` sets up the service's answers before each start.
 */
export function useChainHarness(chainId: number, tokens: `0x${string}`[], script?: (server: ScriptedServer) => void) {
  const ctx = {} as { chain: TestChain; server: ScriptedServer; harness: Harness };
  beforeAll(async () => {
    [ctx.chain, ctx.server] = await Promise.all([startTestChain(chainId, tokens), startScriptedServer()]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([ctx.chain?.stop(), ctx.server?.close()]);
  });
  beforeEach(async () => {
    removeAllListeners();
    fakeBrowser.reset();
    ctx.server.reset();
    script?.(ctx.server);
    ctx.harness = await startHarness(ctx.server, {
      chainRpc: { [chainId]: ctx.chain.rpcUrl, [MISLABELLED_CHAIN_ID]: ctx.chain.rpcUrl },
    });
  });
  afterEach(() => ctx.harness.runtime.stop());
  return ctx;
}
