import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordOf } from '../../../testing/background/storedRecords';
import { fire, mountActivity, sentTransfer } from '../../../testing/popup/activity';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { ACCOUNT, OTHER } from '../../../testing/popup/fixtures';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

const query = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;
const headlines = () =>
  [...dom.document.querySelectorAll('[data-testid="transfer"] [data-testid="transfer-headline"]')].map(
    (h) => h.textContent,
  );
/** The headlines once the list shows others than `before`. */
const listChanged = (before: (string | null)[]) =>
  waitFor('the list narrowed or widened', () => {
    const now = headlines();
    return now.join('|') !== before.join('|') && now;
  });

/** Three transfers: one under way to Optimism, one completed to Ethereum, one failed, from two accounts. */
const records = () => [
  recordOf(sentTransfer({ fromAmount: '1000000' })),
  recordOf(
    sentTransfer({
      txHash: `0x${'ab'.repeat(32)}`,
      fromAmount: '2000000',
      toChainId: 1,
      status: 'DONE',
      substatus: 'COMPLETED',
      final: true,
      createdAt: 1_700_000_100_000,
    }),
  ),
  recordOf(
    sentTransfer({
      txHash: `0x${'ef'.repeat(32)}`,
      fromAmount: '3000000',
      fromAddress: OTHER,
      status: 'FAILED',
      final: true,
      createdAt: 1_700_000_200_000,
    }),
  ),
];

describe('Activity’s search and status filter (rendered)', () => {
  it('narrows the list to the transfers whose chain, hash or address matches, and to one status', async () => {
    await mountActivity(dom.root, records());
    expect(headlines()).toEqual(['3 USDC → USDC', '2 USDC → USDC', '1 USDC → USDC']);
    const search = query('activity-search') as HTMLInputElement;
    search.value = 'ETHEREUM';
    // Nothing on screen changes, so act is what says the search was applied (it runs the render it schedules).
    await act(() => fire(search, 'input'));
    // Every one leaves from Ethereum: all stay.
    expect(headlines()).toHaveLength(3);
    search.value = `0x${'ab'.repeat(4)}`;
    fire(search, 'input');
    expect(await listChanged(headlines())).toEqual(['2 USDC → USDC']);
    search.value = OTHER.toLowerCase();
    fire(search, 'input');
    expect(await listChanged(headlines())).toEqual(['3 USDC → USDC']);

    search.value = '';
    fire(search, 'input');
    const status = query('activity-filter') as HTMLSelectElement;
    const options = [...status.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['All', 'In progress', 'Completed', 'Needs attention']);
    for (const [value, expected] of [
      ['progress', ['1 USDC → USDC']],
      ['done', ['2 USDC → USDC']],
      ['attention', ['3 USDC → USDC']],
    ] as const) {
      // As a person picks it (linkedom's select has no value setter).
      for (const option of status.querySelectorAll('option'))
        option.toggleAttribute('selected', option.value === value);
      const before = headlines();
      fire(status, 'change');
      expect(await listChanged(before)).toEqual(expected);
    }
  });

  it('says when nothing matches, and Show all brings every transfer back', async () => {
    await mountActivity(dom.root, records());
    const search = query('activity-search') as HTMLInputElement;
    search.value = 'solana';
    fire(search, 'input');
    await waitFor('the words for no match', () => query('activity-no-match'));
    expect(headlines()).toEqual([]);
    expect(query('activity-no-match')?.textContent).toBe('No transfer matches. Show all');
    fire(query('activity-no-match')!.querySelector('button')!, 'click');
    await listChanged([]);
    expect(headlines()).toHaveLength(3);
    expect((query('activity-search') as HTMLInputElement).value).toBe('');
  });

  it('is not offered before there is anything to search', async () => {
    await mountActivity(dom.root, []);
    expect(query('activity-search')).toBeNull();
    expect(dom.document.querySelector('.activity')?.textContent).toMatch(/No transfers yet/);
  });
});

describe('the sender of each transfer in Activity (rendered)', () => {
  const senders = () =>
    [...dom.document.querySelectorAll('[data-testid="transfer-sender"]')].map((p) => [
      p.querySelector('button') ? p.firstChild?.textContent : p.textContent,
      p.getAttribute('data-mine'),
    ]);

  it('names it on every entry when the list mixes accounts, and marks the connected account’s', async () => {
    await mountActivity(dom.root, records(), { connect: true });
    expect(senders()).toEqual([
      ['From 0x7099…79C8', 'false'],
      ['From 0xf39F…2266 · your connected account', 'true'],
      ['From 0xf39F…2266 · your connected account', 'true'],
    ]);
  });

  it('names it when the one account of the list is not the one connected, and not at all when it is', async () => {
    const others = [recordOf(sentTransfer({ fromAddress: OTHER }))];
    await mountActivity(dom.root, others, { connect: true });
    expect(senders()).toEqual([['From 0x7099…79C8', 'false']]);
    render(null, dom.root);
    const mine = [recordOf(sentTransfer({ fromAddress: ACCOUNT }))];
    await mountActivity(dom.root, mine, { connect: true });
    expect(senders()).toEqual([]);
  });
});
