import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ACCOUNT, fakeApi, fakeDeps, USDC_1, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import { createPopupStore } from './createPopupStore';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** The trusted RPC's answers, one per read, as the background's getBalances gives them (lower-case keys). */
function trustedBalances(...answers: (bigint | undefined)[]) {
  const queue = [...answers];
  return vi.fn(async () => {
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return { balances: next === undefined ? {} : { [USDC_1.toLowerCase()]: next.toString() } };
  });
}

async function connected(getBalances: ReturnType<typeof trustedBalances>) {
  const deps = fakeDeps({ api: fakeApi({ getBalances }) });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  store.getState().setToToken(USDC_OP);
  await store.getState().connectWallet();
  await flush();
  return store;
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the balance the form shows', () => {
  it('is read through the trusted RPC before the page wallet is believed', async () => {
    // The fake wallet says 10 USDC; the chain, read through the background, says 7.
    const getBalances = trustedBalances(7_000_000n);
    const store = await connected(getBalances);
    expect(store.getState().balance).toBe(7_000_000n);
    expect(getBalances).toHaveBeenCalledWith({
      chainId: 1,
      owner: ACCOUNT.toLowerCase(),
      tokens: [USDC_1.toLowerCase()],
    });
  });

  it("falls back to the wallet's answer on its own chain when the extension trusts no RPC there", async () => {
    const store = await connected(trustedBalances(undefined));
    expect(store.getState().balance).toBe(10_000_000n);
  });

  it('fills Max from a balance read at that moment, not the one read when the popup opened', async () => {
    // 98,987.5 held after a transfer of 1,000 since the popup read 99,987.5.
    const getBalances = trustedBalances(99_987_500_000n, 98_987_500_000n);
    const store = await connected(getBalances);
    expect(store.getState().balance).toBe(99_987_500_000n);
    await store.getState().setMax();
    expect(store.getState().amountText).toBe('98987.5');
  });
});
