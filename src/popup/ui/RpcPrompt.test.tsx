import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { CHAINS, fakeDeps, makeRoute } from '../../../testing/popup/fixtures';
import type { Chain } from '../../schemas/catalog';
import type { Route } from '../../schemas/route';
import { chainsWithoutRpc } from '../chainsWithoutRpc';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { RpcPrompt } from './RpcPrompt';
import { SendPanel } from './SendPanel';

// The real check, watched: its answer is what says the send panel has checked a route's chains.
vi.mock('../chainsWithoutRpc', async (importOriginal) => {
  const real = await importOriginal<typeof import('../chainsWithoutRpc')>();
  return { ...real, chainsWithoutRpc: vi.fn(real.chainsWithoutRpc) };
});

/** Gravity: LI.FI publishes a diamond there, the extension pins no RPC for it (src/chains/trustedRpc.ts). */
const GRAVITY: Chain = { ...CHAINS[0]!, id: 1625, key: 'gra', name: 'Gravity', wallet: { ...CHAINS[0]!.wallet } };

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

const query = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;
const event = (type: string) => {
  const e = dom.document.createEvent('Event');
  e.initEvent(type, true, true);
  return e;
};

async function mount() {
  const deps = fakeDeps();
  const store = createPopupStore(deps);
  await store.getState().loadSettings();
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <RpcPrompt chain={GRAVITY} />
    </PopupContext.Provider>,
    dom.root,
  );
  await waitFor('the prompt', () => query('rpc-prompt-url'));
  /** Types the URL (act runs the render that keeps it) and submits it; back once the background was asked. */
  const submit = async (url: string) => {
    const input = query('rpc-prompt-url') as HTMLInputElement;
    input.value = url;
    await act(() => {
      input.dispatchEvent(event('input'));
    });
    const asked = vi.mocked(deps.api.addChainRpc).mock.calls.length;
    query('rpc-prompt')?.dispatchEvent(event('submit'));
    await waitFor('the background asked', () => vi.mocked(deps.api.addChainRpc).mock.calls.length > asked);
  };
  return { deps, store, submit };
}

describe('RpcPrompt (rendered)', () => {
  it('says why it asks, shows the background’s refusal in words, and keeps the settings it answers', async () => {
    const { deps, store, submit } = await mount();
    expect(query('rpc-prompt')?.textContent).toContain('It has none built in for Gravity');
    vi.mocked(deps.api.addChainRpc).mockRejectedValueOnce(
      new Error('The RPC at http://127.0.0.1:8545 serves chain 1, not Gravity (chain 1625). Enter an RPC for Gravity.'),
    );
    await submit('http://127.0.0.1:8545');
    await waitFor('the refusal', () => query('rpc-prompt-error'));
    expect(query('rpc-prompt-error')?.textContent).toContain('serves chain 1, not Gravity');
    expect(store.getState().settings?.rpcUrls['1625']).toBeUndefined();

    await submit('https://rpc.gravity.example');
    await waitFor('the settings kept', () => store.getState().settings?.rpcUrls['1625']);
    expect(deps.api.addChainRpc).toHaveBeenLastCalledWith({
      chainId: 1625,
      chainName: 'Gravity',
      url: 'https://rpc.gravity.example',
    });
    expect(store.getState().settings?.rpcUrls['1625']).toBe('https://rpc.gravity.example');
  });
});

describe('the send panel', () => {
  it('asks for an RPC before a transfer to a chain the extension trusts none for, and no longer once given', async () => {
    const deps = fakeDeps();
    const store = createPopupStore(deps);
    await store.getState().loadCatalog();
    await store.getState().loadSettings();
    const toOptimism = makeRoute();
    const toGravity: Route = { ...toOptimism, id: 'to-gravity', action: { ...toOptimism.action!, toChainId: '1625' } };
    store.setState({ chains: [...CHAINS, GRAVITY], routes: [toOptimism] });
    const check = vi.mocked(chainsWithoutRpc);
    check.mockClear();
    /** The check's answer for these chains, once the panel (which loads it as a chunk of its own) has asked it. */
    const answered = (to: number, rpcUrls: Record<string, string>) =>
      waitFor(`the RPC check for chain ${to}`, () => {
        const i = check.mock.calls.findIndex(([ids, , urls]) => ids[1] === to && urls === rpcUrls);
        return i >= 0 && { answer: check.mock.results[i]!.value as Chain[] };
      });
    await act(() => {
      render(
        <PopupContext.Provider value={{ store, api: deps.api }}>
          <SendPanel />
        </PopupContext.Provider>,
        dom.root,
      );
    });
    // Ethereum and Optimism have an RPC built in (the devnet's, in this development build).
    expect((await answered(10, store.getState().settings!.rpcUrls)).answer).toEqual([]);
    await act(async () => {});
    expect(query('rpc-prompt')).toBeNull();

    store.setState({ routes: [toGravity], selectedRouteId: 'to-gravity' });
    // The check and the prompt load as chunks of their own.
    await waitFor('the prompt for Gravity', () => query('rpc-prompt'));
    expect(query('rpc-prompt')?.textContent).toContain('An RPC for Gravity');

    const settings = store.getState().settings!;
    const given = { '1625': 'https://rpc.gravity.example' };
    store.setState({ settings: { ...settings, rpcUrls: given } });
    expect((await answered(1625, given)).answer).toEqual([]);
    await act(async () => {});
    expect(query('rpc-prompt')).toBeNull();
  });
});
