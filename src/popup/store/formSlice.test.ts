import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { waitFor } from '../../../testing/popup/dom';
import { CHAINS, ENS_ALICE, fakeDeps, NATIVE, USDC_ETH } from '../../../testing/popup/fixtures';
import type { Chain, Token } from '../../schemas/catalog';
import { createPopupStore } from './createPopupStore';
import { selectFormCheck } from './selectors';

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

/**
 * Once `call` has answered and what its answer set off in the store has run: a macrotask runs only after every
 * microtask queued before it, and the store's handling of an answer is microtasks only.
 */
async function answered(call: unknown, what: string) {
  await waitFor(what, () => vi.mocked(call as () => Promise<unknown>).mock.settledResults.length > 0);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

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
    const { store, deps } = await storeWithSolana([]);
    store.getState().setToChain(SOLANA_ID);
    await answered(deps.api.searchTokens, 'the token search');
    expect(store.getState().toToken?.symbol).toBe('SOL');

    const slow = await storeWithSolana([USDC_SOLANA]);
    slow.store.getState().setToChain(SOLANA_ID);
    const picked = { ...USDC_SOLANA, symbol: 'BONK', address: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' };
    slow.store.getState().setToToken(picked);
    await answered(slow.deps.api.searchTokens, 'the token search');
    expect(slow.store.getState().toToken).toEqual(picked);
  });

  it("keeps the chain's own coin for an EVM destination, as before", async () => {
    const { store, deps } = await storeWithSolana([USDC_SOLANA]);
    store.getState().setToChain(10);
    expect(store.getState().toToken?.symbol).toBe('ETH');
    expect(deps.api.searchTokens).not.toHaveBeenCalled();
  });
});

describe('an ENS name as the recipient', () => {
  it('is looked up once typing pauses, and the form sends to its address', async () => {
    const deps = fakeDeps({ debounceMs: 0 });
    const store = createPopupStore(deps);
    await store.getState().loadCatalog();
    store.getState().setRecipientText('ali');
    store.getState().setRecipientText('alice.eth');
    await vi.waitFor(() => expect(store.getState().ens?.typed).toBe('alice.eth'));
    expect(deps.api.resolveEnsName).toHaveBeenCalledTimes(1);
    expect(deps.api.resolveEnsName).toHaveBeenCalledWith({ name: 'alice.eth' });
    expect(selectFormCheck(store.getState()).recipient).toBe(ENS_ALICE);
    expect(selectFormCheck(store.getState()).recipientName).toBe('alice.eth');
  });

  it('drops an answer for text the person has changed since', async () => {
    const deps = fakeDeps({ debounceMs: 0 });
    type Answer = Awaited<ReturnType<typeof deps.api.resolveEnsName>>;
    let answer: (value: Answer) => void = () => undefined;
    deps.api.resolveEnsName = vi.fn(() => new Promise<Answer>((resolve) => (answer = resolve)));
    const store = createPopupStore(deps);
    store.getState().setRecipientText('alice.eth');
    await vi.waitFor(() => expect(deps.api.resolveEnsName).toHaveBeenCalled());
    store.getState().setRecipientText('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    answer({ kind: 'resolved', name: 'alice.eth', address: ENS_ALICE });
    await answered(deps.api.resolveEnsName, 'the ENS answer');
    expect(store.getState().ens).toBeUndefined();
  });

  it('says a failed look-up in words, and asks again when the name is typed again', async () => {
    const deps = fakeDeps({ debounceMs: 0 });
    deps.api.resolveEnsName = vi.fn(async () => {
      throw Object.assign(new Error('x'), { shortMessage: 'The RPC at example did not answer.' });
    });
    const store = createPopupStore(deps);
    store.getState().setRecipientText('alice.eth');
    await vi.waitFor(() => expect(store.getState().ens?.answer.kind).toBe('failed'));
    expect(selectFormCheck(store.getState()).errors.recipient).toBe(
      'alice.eth could not be looked up on Ethereum: The RPC at example did not answer.',
    );
    store.getState().setRecipientText('alice.eth ');
    await vi.waitFor(() => expect(deps.api.resolveEnsName).toHaveBeenCalledTimes(2));
  });
});
