import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEV_SOLANA_ADDRESS } from '../../../devtools/devwallet/keys';
import { DEV_SOLANA_FUNDS, fundDevSolanaWallet, SOLANA_USDC_MINT } from '../../../devtools/devwallet/solanaFunds';
import { getCatalog } from '../../../server/catalog/catalog';
import { SolanaDevnet } from '../../../server/devnet/solana';
import { type SolanaRpcServer, startSolanaRpc } from '../../../server/devnet/solanaRpc';
import { type Harness, PAGE, send, startHarness } from '../../../testing/background/harness';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import { removeAllListeners } from '../../messaging/protocol';

/** getSolanaBalances against the devnet's Solana VM, through its JSON-RPC as the trusted Solana RPC. */
describe('getSolanaBalances', () => {
  let solana: SolanaDevnet;
  let rpc: SolanaRpcServer;
  let server: ScriptedServer;
  let harness: Harness;
  beforeAll(async () => {
    solana = await SolanaDevnet.start(getCatalog());
    [rpc, server] = await Promise.all([startSolanaRpc(solana), startScriptedServer()]);
    await fundDevSolanaWallet(solana);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([rpc?.close(), server?.close()]);
  });
  beforeEach(async () => {
    removeAllListeners();
    fakeBrowser.reset();
    harness = await startHarness(server, { chainRpc: { [SOLANA_CHAIN_ID]: rpc.url } });
  });
  afterEach(() => harness.runtime.stop());

  it('reads SOL and the SPL tokens the account holds, summed by mint', async () => {
    const reply = await send('getSolanaBalances', { owner: DEV_SOLANA_ADDRESS }, PAGE);
    expect(reply).toEqual({
      ok: true,
      value: {
        read: true,
        lamports: String(DEV_SOLANA_FUNDS.lamports),
        tokens: [{ mint: SOLANA_USDC_MINT, amount: String(DEV_SOLANA_FUNDS.usdc) }],
      },
    });
  });

  it('reads an account that holds nothing as zero SOL and no tokens', async () => {
    const reply = await send('getSolanaBalances', { owner: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }, PAGE);
    expect(reply).toEqual({ ok: true, value: { read: true, lamports: '0', tokens: [] } });
  });

  it('refuses what is not a Solana address, and guesses nothing without a readable RPC', async () => {
    const bad = await send('getSolanaBalances', { owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, PAGE);
    expect(bad.ok).toBe(false);
    harness.runtime.stop();
    harness = await startHarness(server, { chainRpc: { [SOLANA_CHAIN_ID]: `${server.url}/not-solana` } });
    expect(await send('getSolanaBalances', { owner: DEV_SOLANA_ADDRESS }, PAGE)).toEqual({
      ok: true,
      value: { read: false },
    });
  });
});
