import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordOf } from '../../../testing/background/storedRecords';
import { mountActivity, sentTransfer } from '../../../testing/popup/activity';
import { installDom, waitFor } from '../../../testing/popup/dom';
import {
  ACCOUNT,
  fakeApi,
  fakeDeps,
  makeRoute,
  twoStepRoute,
  USDC_1,
  USDC_10,
  USDC_OP,
} from '../../../testing/popup/fixtures';
import { toWire } from '../../messaging/wire';
import type { SentTransfer, TransferRecord } from '../../model/transfer';
import { createPopupStore } from '../store/createPopupStore';
import { ActivityView } from './ActivityView';
import { PopupContext } from './context';

/** The fixture transaction (testing/popup/activity.tsx), each test changing what it is about. */
const transfer = sentTransfer;

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

/** Each transaction in a record of its own, as the popup reads them from storage. */
const mount = (list: SentTransfer[]) => mountRecords(list.map(recordOf));

const mountRecords = (records: TransferRecord[]) => mountActivity(dom.root, records);

describe('Activity (rendered)', () => {
  it('shows amounts, route, status in words and safe explorer links only', async () => {
    await mount([
      transfer({ sendingTxLink: 'javascript:alert(1)' }),
      transfer({
        txHash: `0x${'ef'.repeat(32)}`,
        createdAt: 1_700_000_100_000,
        status: 'DONE',
        substatus: 'COMPLETED',
        final: true,
        sendingTxLink: `https://etherscan.io/tx/0x${'ef'.repeat(32)}`,
        receiving: {
          txLink: `https://optimistic.etherscan.io/tx/0x${'12'.repeat(32)}`,
          amount: '2490000',
          token: USDC_OP as never,
        },
      }),
    ]);
    const items = dom.document.querySelectorAll('[data-testid="transfer"]');
    expect(items.length).toBe(2);
    // Newest first.
    expect(items[0]?.getAttribute('data-status')).toBe('DONE');
    // The headline carries what arrived; the token alone while nothing has.
    const headline = (i: number) => items[i]?.querySelector('[data-testid="transfer-headline"]')?.textContent;
    expect([headline(0), headline(1)]).toEqual(['2.5 USDC → 2.49 USDC', '2.5 USDC → USDC']);
    expect(items[0]?.textContent).toMatch(/Ethereum → Optimism via Across/);
    expect(items[0]?.textContent).toMatch(/received 2\.49 USDC/);
    expect([...items[0]!.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Source transaction',
      'Destination transaction',
    ]);
    expect(items[1]?.querySelector('[data-testid="transfer-status"]')?.textContent).toBe('In progress');
    expect(items[1]?.textContent).toMatch(/waiting for the destination transaction/);
    expect(items[1]?.querySelectorAll('a').length).toBe(0);
  });

  it('says a reported arrival is being confirmed on chain, then gives the amount read there, not the service’s', async () => {
    const reported = { amount: '24900000', token: USDC_OP as never, txHash: `0x${'12'.repeat(32)}` };
    await mount([
      transfer({
        status: 'ARRIVING',
        substatus: 'COMPLETED',
        receiving: reported,
        arrival: { state: 'confirming', attempts: 1 },
      }),
      transfer({
        txHash: `0x${'ef'.repeat(32)}`,
        createdAt: 1_700_000_100_000,
        status: 'DONE',
        substatus: 'COMPLETED',
        final: true,
        receiving: reported,
        arrival: { state: 'confirmed', amount: '2490000', rpcHost: '127.0.0.1:8548' },
      }),
    ]);
    const [confirmed, confirming] = dom.document.querySelectorAll('[data-testid="transfer"]');
    expect(confirming?.querySelector('[data-testid="transfer-status"]')?.textContent).toBe('Confirming arrival');
    expect(confirming?.querySelector('[data-testid="transfer-confirming"]')?.textContent).toBe(
      'The bridge reports arrival; confirming it on Optimism…',
    );
    // Neither the service's amount nor its "received" while the chain has not shown it.
    expect(confirming?.textContent).not.toMatch(/received/);
    expect(confirmed?.textContent).toMatch(/received 2\.49 USDC/);
    expect(confirmed?.textContent).not.toMatch(/24\.9/);
  });

  it('shows unknown statuses as sent, and advice for lost transfers', async () => {
    await mount([
      transfer({ status: 'SOMETHING_NEW', substatus: undefined }),
      transfer({ txHash: `0x${'aa'.repeat(32)}`, status: 'LOST', final: true }),
    ]);
    const text = dom.document.querySelector('.transfers')?.textContent ?? '';
    expect(text).toMatch(/SOMETHING_NEW/);
    expect(text).toMatch(/Check the source transaction in the explorer/);
  });

  it('names the local TRACKING_STOPPED status in words, never the raw code', async () => {
    await mount([
      transfer({ status: 'TRACKING_STOPPED', final: true, substatusMessage: 'Look up 0xabc on the explorer.' }),
    ]);
    const status = dom.document.querySelector('[data-testid="transfer-status"]')?.textContent;
    expect(status).toBe('Still unconfirmed');
    expect(dom.document.querySelector('.transfers')?.textContent).not.toMatch(/TRACKING_STOPPED/);
  });

  it('says what to do after giving up, with the page that follows the transfer when the service gave one', async () => {
    await mount([
      transfer({
        status: 'TRACKING_STOPPED',
        final: true,
        substatusMessage: 'No final answer after 48 hours. Contact Across support.',
        explorerLink: 'https://scan.li.fi/tx/0x01',
      }),
      transfer({
        txHash: `0x${'aa'.repeat(32)}`,
        status: 'TRACKING_STOPPED',
        final: true,
        substatusMessage: 'No final answer after 48 hours.',
        explorerLink: 'javascript:alert(1)',
      }),
    ]);
    const help = [...dom.document.querySelectorAll('[data-testid="transfer-stopped"]')];
    expect(help.map((p) => p.textContent)).toEqual([
      'No final answer after 48 hours. Contact Across support. Follow the transfer on scan.li.fi',
      'No final answer after 48 hours.',
    ]);
    expect(help[0]?.querySelector('a')?.getAttribute('href')).toBe('https://scan.li.fi/tx/0x01');
  });

  it('says why a reverted transaction failed on its card, and keeps the raw revert data in the details', async () => {
    const revertData = `0xdb42144d${'0'.repeat(24)}f39fd6e51aad88f6f4ce6ab8827279cfffb92266${'0'.repeat(200)}` as const;
    const reason = 'The transaction reverted on chain: the balance does not cover the amount. Nothing was bridged.';
    await mount([
      transfer({
        status: 'FAILED',
        final: true,
        substatusMessage: reason,
        sentCheck: { state: 'reverted', rpcHost: '127.0.0.1:8545', reason, revertData },
      }),
    ]);
    const card = dom.document.querySelector('[data-testid="transfer"]')!;
    const details = card.querySelector('[data-testid="transfer-revert-details"]');
    expect(card.querySelector('.error')?.textContent).toBe(reason);
    expect(details?.querySelector('code')?.textContent).toBe(revertData);
    // The raw data nowhere on the card but inside the folded details.
    details?.remove();
    expect(card.textContent).not.toContain('db42144d');
  });

  it('says a transfer went ahead not simulated, and why', async () => {
    const reason = 'The extension trusts no RPC on chain 1, so nothing can be simulated there.';
    await mount([transfer({ notSimulated: reason }), transfer({ txHash: `0x${'dd'.repeat(32)}` })]);
    const said = [...dom.document.querySelectorAll('[data-testid="transfer-not-simulated"]')];
    expect(said.map((p) => p.textContent)).toEqual([`Not simulated before signing: ${reason}`]);
  });

  it('puts a transfer that is not the one approved first, says what differed and what to do', async () => {
    await mount([
      transfer({ createdAt: 1_700_000_200_000, status: 'DONE', substatus: 'COMPLETED', final: true }),
      transfer({
        txHash: `0x${'bb'.repeat(32)}`,
        status: 'MISMATCH',
        final: true,
        receiving: { amount: '777000000', token: USDC_OP as never },
        sentCheck: {
          state: 'mismatch',
          rpcHost: '127.0.0.1:8545',
          differences: [
            {
              field: 'from',
              expected: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
              actual: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            },
            { field: 'value', expected: '0', actual: '5' },
          ],
        },
      }),
      transfer({ txHash: `0x${'cc'.repeat(32)}`, sentCheck: { state: 'noTrustedRpc' }, status: 'DONE', final: true }),
    ]);
    const items = dom.document.querySelectorAll('[data-testid="transfer"]');
    expect(items[0]?.getAttribute('data-status')).toBe('MISMATCH');
    expect(items[0]?.querySelector('[data-testid="transfer-status"]')?.textContent).toBe('Not what you approved');
    const alert = items[0]?.querySelector('[data-testid="transfer-flagged"]')?.textContent ?? '';
    expect(alert).toMatch(/This transaction is not the one you approved/);
    expect(alert).toMatch(/sent from another account: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 instead of 0xf39F/);
    expect(alert).toMatch(/Open your wallet and check its recent activity/);
    // Nothing the service reported is shown as received for it.
    expect(items[0]?.textContent).not.toMatch(/received 777/);
    const unchecked = [...items].find((i) => i.querySelector('[data-testid="transfer-unchecked"]'));
    expect(unchecked?.textContent).toMatch(/Not checked on chain: the extension trusts no RPC for Ethereum/);
    expect(unchecked?.querySelector('.badge')?.className).not.toMatch(/\bok\b/);
  });
});

/** A route of two signatures (USDC from Ethereum to Optimism, then swapped to DAI there), as the background keeps it. */
function twoStepRecord(phase: string, sends: SentTransfer[], step = sends.length - 1): TransferRecord {
  const route = twoStepRoute();
  return {
    id: 'a'.repeat(32),
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_100_000,
    sends,
    execution: {
      phase,
      step,
      ...(phase === 'needsSignature' ? { arrived: '1495000' } : {}),
      tabId: 7,
      wallet: { name: 'Dev Wallet' },
      account: ACCOUNT,
      recipient: ACCOUNT,
      choice: {
        fromChainId: 1,
        toChainId: 10,
        fromToken: USDC_1,
        toToken: DAI,
        fromAmount: '1500000',
        slippage: 0.005,
      },
      route,
      allowUnlimited: false,
    },
  } as unknown as TransferRecord;
}
const DAI = '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1';
const arrived = (over: Partial<SentTransfer>): SentTransfer =>
  transfer({
    fromAmount: '1500000',
    status: 'DONE',
    substatus: 'COMPLETED',
    final: true,
    arrival: { state: 'confirmed', amount: '1495000', rpcHost: '127.0.0.1:8548' },
    ...over,
  });
const swapSend = (over: Partial<SentTransfer>): SentTransfer =>
  transfer({
    txHash: `0x${'5a'.repeat(32)}`,
    step: 1,
    fromChainId: 10,
    fromAmount: '1495000',
    fromToken: { ...USDC_OP, address: USDC_OP.address as `0x${string}` },
    toToken: { address: DAI, chainId: '10', symbol: 'DAI', decimals: 18, name: 'Dai' },
    toAmount: '1480000000000000000',
    createdAt: 1_700_000_090_000,
    ...over,
  });

describe('a route of two signatures in Activity (rendered)', () => {
  it('is one card whose headline carries what arrived at the end, with each step under it', async () => {
    await mountRecords([
      twoStepRecord('sent', [
        arrived({ step: 0 }),
        swapSend({
          status: 'DONE',
          substatus: 'COMPLETED',
          final: true,
          arrival: { state: 'confirmed', amount: '1476500000000000000', rpcHost: '127.0.0.1:8548' },
        }),
      ]),
    ]);
    const cards = dom.document.querySelectorAll('[data-testid="transfer"]');
    expect(cards.length).toBe(1);
    expect(cards[0]?.querySelector('[data-testid="transfer-headline"]')?.textContent).toBe('1.5 USDC → 1.4765 DAI');
    const steps = [...cards[0]!.querySelectorAll('[data-testid="transfer-step"]')];
    expect(steps.map((s) => s.querySelector('.step-head')?.textContent)).toEqual([
      'Step 1 of 2 Completed',
      'Step 2 of 2 Completed',
    ]);
    expect(steps[0]?.textContent).toMatch(/Ethereum → Optimism via Across/);
  });

  it('names no amount in the headline while only step 1 has arrived, and the step waiting is one card with Continue', async () => {
    await mountRecords([twoStepRecord('needsSignature', [arrived({ step: 0 })], 1)]);
    expect(dom.document.querySelectorAll('[data-testid="transfer"]').length).toBe(0);
    const waiting = dom.document.querySelectorAll('[data-testid="waiting-execution"]');
    expect(waiting.length).toBe(1);
    expect(waiting[0]?.querySelector('[data-testid="transfer-headline"]')?.textContent).toBe('1.5 USDC → DAI');
    expect(waiting[0]?.querySelector('[data-testid="waiting-reason"]')?.textContent).toMatch(/^Step 2 of 2 is ready/);
    expect(waiting[0]?.querySelectorAll('[data-testid="transfer-step"]').length).toBe(1);
    expect(waiting[0]?.querySelector('[data-testid="continue-execution"]')).not.toBeNull();
  });
});

describe('gas on arrival in Activity (rendered)', () => {
  const withGas = (record: TransferRecord): TransferRecord => ({
    ...record,
    execution: { ...record.execution!, gasRead: { chainId: 10, balance: '1130000000000000' } },
  });
  const gasLine = 'Gas for step 2, read on chain: your account holds 0.00113 ETH on Optimism.';

  it('says the gas the destination chain showed, on the step waiting and once the route is sent', async () => {
    await mountRecords([withGas(twoStepRecord('needsSignature', [arrived({ step: 0 })], 1))]);
    const waiting = dom.document.querySelector('[data-testid="waiting-execution"]');
    expect(waiting?.querySelector('[data-testid="transfer-gas"]')?.textContent).toBe(gasLine);
    render(null, dom.root);
    await mountRecords([
      withGas(twoStepRecord('sent', [arrived({ step: 0 }), swapSend({ status: 'DONE', substatus: 'COMPLETED' })])),
    ]);
    const card = dom.document.querySelector('[data-testid="transfer"]');
    expect(card?.querySelector('[data-testid="transfer-gas"]')?.textContent).toBe(gasLine);
  });

  it('says nothing of gas the chain has not shown', async () => {
    await mountRecords([twoStepRecord('needsSignature', [arrived({ step: 0 })], 1)]);
    expect(dom.document.querySelector('[data-testid="transfer-gas"]')).toBeNull();
  });
});

describe('an approval a failed transfer left open (rendered)', () => {
  it('is shown while the trusted RPC reads it above 0, and revoked with one click through the tab’s wallet', async () => {
    const route = makeRoute();
    const failed = {
      id: 'f'.repeat(32),
      createdAt: 1,
      updatedAt: 1,
      sends: [],
      execution: {
        phase: 'failed',
        stoppedAt: 'signing',
        error: 'You declined the transfer in the wallet. Nothing was sent.',
        tabId: 7,
        wallet: { name: 'Dev Wallet' },
        account: ACCOUNT,
        recipient: ACCOUNT,
        choice: {
          fromChainId: 1,
          toChainId: 10,
          fromToken: USDC_1,
          toToken: USDC_10,
          fromAmount: '1500000',
          slippage: 0.005,
        },
        route,
        allowUnlimited: false,
      },
    } as unknown as TransferRecord;
    let allowance = '1500000';
    const revokeApproval = vi.fn(async () => {
      allowance = '0';
      return { hash: `0x${'ab'.repeat(32)}` as const };
    });
    const deps = fakeDeps({
      api: fakeApi({
        getTransfers: vi.fn(async () => toWire([failed])),
        getAllowance: vi.fn(async () => ({ allowance })),
        revokeApproval,
      }),
    });
    const store = createPopupStore(deps);
    await store.getState().loadCatalog();
    await store.getState().connectWallet();
    store.getState().followExecutions();
    render(
      <PopupContext.Provider value={{ store, api: deps.api }}>
        <ActivityView />
      </PopupContext.Provider>,
      dom.root,
    );
    const open = await waitFor('the approval left open', () =>
      dom.document.querySelector('[data-testid="approval-open"] p'),
    );
    expect(open.textContent).toMatch(/^1\.5 USDC approved to 0x\w{4}…\w{4} is still open/);
    (dom.document.querySelector('[data-testid="revoke-approval"]') as HTMLButtonElement).click();
    await waitFor('the approval revoked', () => dom.document.querySelector('[data-testid="approval-revoked"]'));
    expect(revokeApproval).toHaveBeenCalledWith(
      expect.objectContaining({ chainId: 1, token: USDC_1, account: ACCOUNT, spender: expect.any(String) }),
    );
    expect(dom.document.querySelector('[data-testid="approval-revoked"]')?.textContent).toBe('Approval revoked.');
  });
});
