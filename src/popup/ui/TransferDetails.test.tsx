import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordOf } from '../../../testing/background/storedRecords';
import { mountActivity, sentTransfer } from '../../../testing/popup/activity';
import { installDom } from '../../../testing/popup/dom';
import type { SentCheck } from '../../model/transfer';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

const FIRST = `0x${'a1'.repeat(32)}` as const;
const BY = `0x${'b2'.repeat(32)}` as const;

describe('the links of a transaction the wallet replaced (rendered)', () => {
  it.each([
    ['CANCELLED', { state: 'cancelled', rpcHost: 'rpc.example', by: BY, byLink: `https://etherscan.io/tx/${BY}` }],
    [
      'REPLACED',
      {
        state: 'replaced',
        rpcHost: 'rpc.example',
        by: BY,
        differences: [{ field: 'to', expected: '0x1', actual: '0x2' }],
        byLink: `https://etherscan.io/tx/${BY}`,
      },
    ],
  ] satisfies [string, SentCheck][])(
    'links what the chain mined in its place (%s), the first hash kept as text, never linked',
    async (status, sentCheck) => {
      await mountActivity(dom.root, [
        recordOf(
          sentTransfer({
            txHash: FIRST,
            status,
            final: true,
            sentCheck,
            sendingTxLink: `https://etherscan.io/tx/${FIRST}`,
          }),
        ),
      ]);
      const card = dom.document.querySelector('[data-testid="transfer"]')!;
      const links = [...card.querySelectorAll('.links a')].map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toEqual([['Transaction sent in its place', `https://etherscan.io/tx/${BY}`]]);
      expect(card.innerHTML).not.toContain(`href="https://etherscan.io/tx/${FIRST}"`);
      const first = card.querySelector('[data-testid="transfer-never-mined"]')!;
      expect(first.textContent).toContain(`First sent, never mined: ${FIRST.slice(0, 10)}…`);
      // Both hashes can be copied whole.
      const copies = [...card.querySelectorAll('.links button')].map((b) => b.getAttribute('aria-label') ?? '');
      expect(copies.some((label) => label.includes(BY))).toBe(true);
      expect(copies.some((label) => label.includes(FIRST))).toBe(true);
    },
  );

  it('shows the replacing hash unlinked when no explorer is known, and a transaction left as it was as before', async () => {
    await mountActivity(dom.root, [
      recordOf(
        sentTransfer({
          txHash: FIRST,
          status: 'CANCELLED',
          final: true,
          sentCheck: { state: 'cancelled', rpcHost: 'rpc.example', by: BY },
        }),
      ),
      recordOf(sentTransfer({ txHash: BY, createdAt: 1, sendingTxLink: `https://etherscan.io/tx/${BY}` })),
    ]);
    const [cancelled, plain] = [...dom.document.querySelectorAll('[data-testid="transfer"]')];
    expect(cancelled!.querySelectorAll('.links a')).toHaveLength(0);
    expect(cancelled!.querySelector('.links')!.textContent).toContain(`${BY.slice(0, 10)}…`);
    expect([...plain!.querySelectorAll('.links a')].map((a) => a.textContent)).toEqual(['Source transaction']);
  });
});
