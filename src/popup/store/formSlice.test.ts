import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS, fakeDeps, NATIVE, USDC_ETH } from '../../../testing/popup/fixtures';
import type { Chain, Token } from '../../schemas/catalog';
import { createPopupStore } from './createPopupStore';

beforeEach(() => {
  fakeBrowser.reset();
});

const SOLANA_ID = 1151111081099710;
const SOLANA: Chain = {
  ...CHAINS[0]!,
  id: SOLANA_ID,
  key: 'sol',
  name: 'Solana',
  chainType: 'SOLANA',
  coin: 'SOL',
  nativeToken: { address: NATIVE, symbol: 'SOL', decimals: 9, chainId: String(SOLANA_ID), name: 'SOL' },
};
const USDC_SOLANA: Token = {
  address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  chainId: String(SOLANA_ID),
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
};

async function storeWithSolana(found: Token[]) {
  const deps = fakeDeps({ debounceMs: 0 });
  deps.api.getChains = vi.fn(async () => [...CHAINS, SOLANA]);
  deps.api.searchTokens = vi.fn(async () => found);
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  return { store, deps };
}

describe('destination token', () => {
  it('picks the token being sent on Solana (USDC → USDC) rather than SOL, when Solana lists it', async () => {
    const { store, deps } = await storeWithSolana([USDC_SOLANA]);
    store.getState().setToChain(SOLANA_ID);
    await vi.waitFor(() => expect(store.getState().toToken).toEqual(USDC_SOLANA));
    expect(deps.api.searchTokens).toHaveBeenCalledWith({ query: 'USDC', chainId: SOLANA_ID, limit: 5 });
  });

  it('keeps SOL when Solana lists no such token, and keeps a token the person picked meanwhile', async () => {
    const { store } = await storeWithSolana([]);
    store.getState().setToChain(SOLANA_ID);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.getState().toToken?.symbol).toBe('SOL');

    const slow = await storeWithSolana([USDC_SOLANA]);
    slow.store.getState().setToChain(SOLANA_ID);
    const picked = { ...USDC_SOLANA, symbol: 'BONK', address: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' };
    slow.store.getState().setToToken(picked);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(slow.store.getState().toToken).toEqual(picked);
  });

  it("keeps the chain's own coin for an EVM destination, as before", async () => {
    const { store, deps } = await storeWithSolana([USDC_SOLANA]);
    store.getState().setToChain(10);
    expect(store.getState().toToken?.symbol).toBe('ETH');
    expect(deps.api.searchTokens).not.toHaveBeenCalled();
  });
});
