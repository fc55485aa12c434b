import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { useChainHarness } from '../../../testing/background/chainHarness';
import { USDC_ARB } from '../../../testing/background/fixtures';
import { CONTENT, send } from '../../../testing/background/harness';

const PERSON = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** getRecipientKind against a real chain (anvil, with the devnet's ERC-20 as a contract) through the trusted RPC. */
describe('getRecipientKind', () => {
  // Chain 42161 is read through the anvil node; chain 10 has no trusted RPC; "chain 8453" is served by the same
  // node, which is not chain 8453.
  const ctx = useChainHarness(42161, [USDC_ARB.address as `0x${string}`]);

  const kindOf = async (chainId: number, address: string) => {
    const reply = await send('getRecipientKind', { chainId, address });
    if (!reply.ok) throw new Error(reply.error.shortMessage);
    return reply.value.kind;
  };

  it('tells a contract from an account on the destination chain', async () => {
    expect(await kindOf(42161, USDC_ARB.address)).toBe('contract');
    expect(await kindOf(42161, PERSON)).toBe('account');
  });

  it('tells an address never used on the destination chain (no transaction, no coin, no code) apart', async () => {
    expect(await kindOf(42161, '0x000000000000000000000000000000000000bEEF')).toBe('unused');
  });

  it('takes an EIP-7702-delegated account for the account it is, not for a contract', async () => {
    const delegated = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    await fetch(ctx.chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setCode',
        params: [delegated, `0xef0100${USDC_ARB.address.slice(2)}`],
      }),
    });
    expect(await kindOf(42161, delegated)).toBe('account');
  });

  it('says unknown rather than guess: no trusted RPC, or an RPC serving another chain', async () => {
    expect(await kindOf(10, USDC_ARB.address)).toBe('unknown');
    expect(await kindOf(8453, USDC_ARB.address)).toBe('unknown');
  });

  it('refuses malformed addresses, and pages that are not the extension’s', async () => {
    const bad = await send('getRecipientKind', { chainId: 42161, address: '0x1234' });
    expect(bad.ok).toBe(false);
    const fromPage = await send('getRecipientKind', { chainId: 42161, address: PERSON }, CONTENT);
    expect(fromPage.ok).toBe(false);
  });
});
