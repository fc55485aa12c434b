import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { useChainHarness } from '../../../testing/background/chainHarness';
import { CHAINS, USDC_ARB } from '../../../testing/background/fixtures';
import { CONTENT, send } from '../../../testing/background/harness';
import { ANVIL_SENDER } from '../../../testing/background/testChain';

const LISTED = USDC_ARB.address as `0x${string}`;
/** A real ERC-20 on the chain that the service does not list. */
const UNLISTED = '0x00000000000000000000000000000000000070c1' as const;
const NOBODY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const NATIVE = '0x0000000000000000000000000000000000000000' as const;

/** getBalances and importToken against real tokens on a real chain (anvil) through the trusted RPC. */
describe('token reads', () => {
  useChainHarness(42161, [LISTED, UNLISTED], (server) => {
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
    server.script('GET /v1/tokens', { body: { tokens: { '42161': [{ ...USDC_ARB, priceUSD: '1' }] } } });
  });

  const value = async <T>(reply: Promise<{ ok: true; value: T } | { ok: false; error: { shortMessage: string } }>) => {
    const answer = await reply;
    if (!answer.ok) throw new Error(answer.error.shortMessage);
    return answer.value;
  };

  it('reads balances in one batch, leaving out what is not a token and chains it cannot trust', async () => {
    const { balances } = await value(
      send('getBalances', { chainId: 42161, owner: ANVIL_SENDER, tokens: [NATIVE, LISTED, NOBODY] }),
    );
    expect(BigInt(balances[NATIVE]!)).toBeGreaterThan(0n);
    expect(balances[LISTED.toLowerCase()]).toBe(String(10n ** 30n));
    expect(balances[NOBODY.toLowerCase()]).toBeUndefined();
    expect((await value(send('getBalances', { chainId: 10, owner: ANVIL_SENDER, tokens: [NATIVE] }))).balances).toEqual(
      {},
    );
    expect(
      (await value(send('getBalances', { chainId: 8453, owner: ANVIL_SENDER, tokens: [NATIVE] }))).balances,
    ).toEqual({});
  });

  it('imports a token by address as its contract describes it, and finds it in later searches', async () => {
    const preview = await value(send('importToken', { chainId: 42161, address: UNLISTED, save: false }));
    expect(preview).toMatchObject({ address: UNLISTED, chainId: 42161, symbol: 'TST', name: 'Test', decimals: 6 });
    expect(preview.imported).toBe(true);
    expect(await value(send('searchTokens', { query: 'TST', chainId: 42161 }))).toEqual([]);

    await value(send('importToken', { chainId: 42161, address: UNLISTED, save: true }));
    const found = await value(send('searchTokens', { query: 'tst', chainId: 42161 }));
    expect(found.map((t) => t.address)).toEqual([UNLISTED]);
    expect(await value(send('getToken', { chainId: 42161, address: UNLISTED }))).toMatchObject({ symbol: 'TST' });
    // A listed token is answered from the list, with its price.
    expect(await value(send('importToken', { chainId: 42161, address: LISTED, save: true }))).toMatchObject({
      symbol: 'USDC',
      priceUSD: '1',
    });
  });

  it('refuses an address that is no token, a chain without a trusted RPC, and pages that are not the extension’s', async () => {
    await expect(value(send('importToken', { chainId: 42161, address: NOBODY, save: true }))).rejects.toThrow(
      /No token answers at this address/,
    );
    await expect(value(send('importToken', { chainId: 10, address: UNLISTED, save: true }))).rejects.toThrow(
      /no RPC it trusts for chain 10/,
    );
    await expect(value(send('importToken', { chainId: 8453, address: UNLISTED, save: true }))).rejects.toThrow(
      /serves chain 42161/,
    );
    const fromPage = await send('importToken', { chainId: 42161, address: UNLISTED, save: true }, CONTENT);
    expect(fromPage.ok).toBe(false);
    const tooMany = await send('getBalances', {
      chainId: 42161,
      owner: ANVIL_SENDER,
      tokens: Array.from({ length: 101 }, () => NATIVE),
    });
    expect(tooMany.ok).toBe(false);
  });
});
