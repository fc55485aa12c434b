import { render } from 'preact';
import { vi } from 'vitest';
import { toWire } from '../../src/messaging/wire';
import type { SentTransfer, TransferRecord } from '../../src/model/transfer';
import type { PopupApi } from '../../src/popup/api';
import { createPopupStore } from '../../src/popup/store/createPopupStore';
import { ActivityView } from '../../src/popup/ui/ActivityView';
import { PopupContext } from '../../src/popup/ui/context';
import { waitFor } from './dom';
import { fakeApi, fakeDeps, USDC_ETH, USDC_OP } from './fixtures';

/** Activity rendered in a test DOM: the fixture transaction, and the view mounted over stored records. */

const hash = `0x${'cd'.repeat(32)}` as const;

/** 2.5 USDC from Ethereum to Optimism through Across, from the first anvil account to itself, under way. */
export const sentTransfer = (over: Partial<SentTransfer> = {}): SentTransfer => ({
  txHash: hash,
  routeId: 'r',
  tool: 'across',
  toolName: 'Across',
  fromChainId: 1,
  toChainId: 10,
  fromToken: { ...USDC_ETH, address: USDC_ETH.address as `0x${string}` },
  toToken: { ...USDC_OP, address: USDC_OP.address as `0x${string}` },
  fromAmount: '2500000',
  toAmount: '2490000',
  toAmountMin: '2480000',
  fromAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  toAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  executionDuration: 60,
  approvedTx: {
    chainId: 1,
    from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    to: '0xB71D6e00000000000000000000000000000c0de1',
    data: '0x1234',
    value: '0',
  },
  sentCheck: { state: 'verified', rpcHost: '127.0.0.1:8545' },
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_060_000,
  status: 'PENDING',
  substatus: 'WAIT_DESTINATION_TRANSACTION',
  final: false,
  checks: 1,
  consecutiveErrors: 0,
  ...over,
});

/**
 * Renders Activity into `root` over these records, as the popup reads them from storage; `connect` connects the
 * fake wallet (the first anvil account) first, `api` replaces calls of the fake api.
 */
export async function mountActivity(
  root: HTMLElement,
  records: TransferRecord[],
  options: { connect?: boolean; api?: Partial<PopupApi> } = {},
) {
  const deps = fakeDeps({ api: fakeApi({ getTransfers: vi.fn(async () => toWire(records)), ...options.api }) });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  if (options.connect) await store.getState().connectWallet();
  store.getState().followExecutions();
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <ActivityView />
    </PopupContext.Provider>,
    root,
  );
  // The load resolves, then Preact renders: the entries, the words for an empty list, or why it could not be read.
  await waitFor('Activity rendered over the stored records', () =>
    root.querySelector(
      '[data-testid="transfer"], [data-testid="waiting-execution"], .activity > p.muted, .activity > p[role="alert"]',
    ),
  );
  return store;
}

/** An event as the browser fires it on a field, for Preact's handlers (linkedom has no constructors for them). */
export function fire(el: Element, type: 'input' | 'change' | 'click') {
  const event = el.ownerDocument.createEvent('Event');
  event.initEvent(type, true, true);
  el.dispatchEvent(event);
}
