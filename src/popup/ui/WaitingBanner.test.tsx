import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { fakeDeps, stepTwoWithGas } from '../../../testing/popup/fixtures';
import type { ExecutionRecord } from '../../model/transfer';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { WaitingBanner } from './WaitingBanner';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

/** Step 1 of USDC Ethereum → Optimism, then DAI there, arrived with 0.5 USDC chosen as gas on arrival. */
const ready = (gasRead?: { chainId: number; balance: string }): ExecutionRecord => ({
  id: 'a'.repeat(32),
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_100_000,
  sends: [],
  execution: stepTwoWithGas(gasRead ? { gasRead } : {}),
});

async function banner(record: ExecutionRecord): Promise<Element | null> {
  const deps = fakeDeps();
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.setState({ executions: [record] });
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <WaitingBanner />
    </PopupContext.Provider>,
    dom.root,
  );
  return waitFor('the banner', () => dom.document.querySelector('[data-testid="waiting-banner"]'));
}

describe('WaitingBanner', () => {
  it('says the gas for step 2 as the chain showed it when the step became ready', async () => {
    const shown = await banner(ready({ chainId: 10, balance: '1130000000000000' }));
    expect(shown?.querySelector('[data-testid="banner-gas"]')?.textContent).toBe(
      'Gas for step 2, read on chain: your account holds 0.00113 ETH on Optimism.',
    );
  });

  it('says nothing of gas when none was read on chain', async () => {
    const shown = await banner(ready());
    expect(shown).not.toBeNull();
    expect(shown?.querySelector('[data-testid="banner-gas"]')).toBeNull();
    expect(shown?.textContent).not.toMatch(/gas/i);
  });
});
