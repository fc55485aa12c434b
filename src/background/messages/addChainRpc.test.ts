import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { useChainHarness } from '../../../testing/background/chainHarness';
import { CHAINS } from '../../../testing/background/fixtures';
import { CONTENT, send } from '../../../testing/background/harness';
import { trustedRpcUrl } from '../../chains/trustedRpc';

/** Gravity: LI.FI publishes a diamond there, the extension pins no RPC (src/chains/trustedRpc.ts). */
const GRAVITY = 1625;

/** The RPC a person gives for a chain without a pinned one, checked against a real node (anvil) before it is kept. */
describe('addChainRpc', () => {
  const ctx = useChainHarness(GRAVITY, [], (server) => {
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
  });

  const savedRpcUrls = async () => {
    const reply = await send('getSettings', undefined);
    if (!reply.ok) throw new Error(reply.error.shortMessage);
    return reply.value.rpcUrls;
  };
  const refusal = async (data: { chainId: number; chainName: string; url: string }) => {
    const reply = await send('addChainRpc', data);
    if (reply.ok) throw new Error('kept');
    return reply.error.shortMessage;
  };

  it('keeps an RPC that answers eth_chainId with the chain, as that chain’s trusted RPC', async () => {
    expect(trustedRpcUrl(GRAVITY, {}, true)).toBeUndefined();
    const reply = await send('addChainRpc', { chainId: GRAVITY, chainName: 'Gravity', url: ` ${ctx.chain.rpcUrl} ` });
    expect(reply.ok).toBe(true);
    const rpcUrls = await savedRpcUrls();
    expect(rpcUrls[String(GRAVITY)]).toBe(ctx.chain.rpcUrl);
    expect(trustedRpcUrl(GRAVITY, rpcUrls, true)).toBe(ctx.chain.rpcUrl);
  });

  it('refuses, in words, an RPC of another chain, one that does not answer, and a URL of the wrong shape', async () => {
    expect(await refusal({ chainId: 50, chainName: 'XDC', url: ctx.chain.rpcUrl })).toBe(
      `The RPC at ${ctx.chain.rpcUrl} serves chain 1625, not XDC (chain 50). Enter an RPC for XDC.`,
    );
    expect(await refusal({ chainId: GRAVITY, chainName: 'Gravity', url: 'http://127.0.0.1:9' })).toBe(
      'The RPC at http://127.0.0.1:9 did not answer eth_chainId. Check the URL.',
    );
    expect(await refusal({ chainId: GRAVITY, chainName: 'Gravity', url: 'http://rpc.gravity.example' })).toMatch(
      /must use https:\/\//,
    );
    expect(await refusal({ chainId: GRAVITY, chainName: 'Gravity', url: 'https://me:pw@rpc.gravity.example' })).toMatch(
      /without a user name or password/,
    );
    expect(await refusal({ chainId: GRAVITY, chainName: 'Gravity', url: 'rpc.gravity.example' })).toMatch(
      /Enter the full URL/,
    );
    expect((await savedRpcUrls())[String(GRAVITY)]).toBeUndefined();
  });

  it('is not a message a web page may send', async () => {
    const reply = await send('addChainRpc', { chainId: GRAVITY, chainName: 'Gravity', url: ctx.chain.rpcUrl }, CONTENT);
    expect(reply.ok).toBe(false);
    expect((await savedRpcUrls())[String(GRAVITY)]).toBeUndefined();
  });
});
