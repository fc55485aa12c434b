import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { fakeApi, fakeDeps, makeExecution } from '../../../testing/popup/fixtures';
import { toWire } from '../../messaging/wire';
import type { Execution, ExecutionRecord } from '../../model/transfer';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { SendProgress } from './SendProgress';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

/** A transfer at the wallet's signature, as stored: by this version (with `passed`) or an older one (without). */
const signing = (passed?: Execution['passed']): ExecutionRecord => ({
  id: 'e1',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  sends: [],
  execution: makeExecution({ stage: 'signing', ...(passed ? { passed } : {}) }),
});

/** The popup opened while the stored transfer runs: it follows it, and its progress shows. */
async function followed(record: ExecutionRecord) {
  const deps = fakeDeps({ api: fakeApi({ getTransfers: vi.fn(async () => toWire([record])) }) });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().followExecutions();
  await waitFor('the stored transfer followed', () => store.getState().executionId === 'e1');
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <SendProgress />
    </PopupContext.Provider>,
    dom.root,
  );
  await waitFor('the stages', () => dom.document.querySelector('li.stage'));
  return [...dom.document.querySelectorAll('li.stage')].map(
    (li) => `${li.className.replace('stage ', '')}: ${li.textContent}`,
  );
}

describe('send progress of a stored transfer', () => {
  it('says the switch and the approval an older record kept no word of were not recorded, not done', async () => {
    expect((await followed(signing())).slice(0, 4)).toEqual([
      'unrecorded: Whether your wallet had to switch to Ethereum was not recorded',
      'unrecorded: Whether USDC needed an approval was not recorded',
      'done: Transaction checked',
      'current: Confirm the transfer in your wallet',
    ]);
  });

  it('says which this version recorded were not needed', async () => {
    expect((await followed(signing(['checking-allowance', 'preparing', 'signing']))).slice(0, 2)).toEqual([
      'skipped: No switch needed: your wallet is on Ethereum',
      'skipped: No approval needed',
    ]);
  });
});
