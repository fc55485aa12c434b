import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { useChainHarness } from '../../../testing/background/chainHarness';
import { USDC_ARB } from '../../../testing/background/fixtures';
import { CONTENT, send } from '../../../testing/background/harness';
import { ANVIL_SENDER } from '../../../testing/background/testChain';

const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = USDC_ARB.address as `0x${string}`;

/** getAllowance against a real token on a real chain (anvil) through the trusted RPC. */
describe('getAllowance', () => {
  const ctx = useChainHarness(42161, [TOKEN]);

  const allowanceOn = async (chainId: number, token = TOKEN) => {
    const reply = await send('getAllowance', { chainId, token, owner: ANVIL_SENDER, spender: SPENDER });
    if (!reply.ok) throw new Error(reply.error.shortMessage);
    return reply.value.allowance;
  };

  it('reads the allowance as it is on chain, before and after a real approval', async () => {
    expect(await allowanceOn(42161)).toBe('0');
    await ctx.chain.approve(TOKEN, SPENDER, 2_500_000n);
    expect(await allowanceOn(42161)).toBe('2500000');
  });

  it('answers nothing rather than a zero it did not read', async () => {
    expect(await allowanceOn(10)).toBeUndefined();
    expect(await allowanceOn(8453)).toBeUndefined();
    // An address without a token contract: eth_call answers 0x, which is not an allowance.
    expect(await allowanceOn(42161, SPENDER)).toBeUndefined();
  });

  it('refuses malformed addresses, and pages that are not the extension’s', async () => {
    const bad = await send('getAllowance', { chainId: 42161, token: '0x12', owner: ANVIL_SENDER, spender: SPENDER });
    expect(bad.ok).toBe(false);
    const fromPage = await send(
      'getAllowance',
      { chainId: 42161, token: TOKEN, owner: ANVIL_SENDER, spender: SPENDER },
      CONTENT,
    );
    expect(fromPage.ok).toBe(false);
  });
});
