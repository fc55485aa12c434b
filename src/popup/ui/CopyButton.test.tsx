import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordOf } from '../../../testing/background/storedRecords';
import { fire, mountActivity, sentTransfer } from '../../../testing/popup/activity';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { OTHER } from '../../../testing/popup/fixtures';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SENT = `0x${'cd'.repeat(32)}`;
const RECEIVED = `0x${'12'.repeat(32)}`;
/** A transfer to another address that arrived: a source and a destination transaction, and a recipient. */
const arrived = () =>
  recordOf(
    sentTransfer({
      status: 'DONE',
      final: true,
      toAddress: OTHER,
      sendingTxLink: `https://etherscan.io/tx/${SENT}`,
      receiving: { txHash: RECEIVED, txLink: `https://optimistic.etherscan.io/tx/${RECEIVED}` },
    }),
  );
const copyButtons = () => [...dom.document.querySelectorAll('.copy button')] as HTMLButtonElement[];
const copyState = () => dom.document.querySelector('[data-testid="copy-state"]');

describe('Copy in the transfer details (rendered)', () => {
  it('offers the whole hash of each transaction and the recipient’s address, and says Copied', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await mountActivity(dom.root, [arrived()]);
    expect(copyButtons().map((b) => b.getAttribute('aria-label'))).toEqual([
      `Copy the address ${OTHER}`,
      `Copy the hash: Source transaction, ${SENT}`,
      `Copy the hash: Destination transaction, ${RECEIVED}`,
    ]);
    fire(copyButtons()[2]!, 'click');
    await waitFor('the copy said', () => copyState());
    expect(writeText).toHaveBeenCalledWith(RECEIVED);
    expect(copyState()?.textContent).toBe('Copied');
    expect(copyState()?.getAttribute('role')).toBe('status');
  });

  it('says so when the browser refuses the clipboard, and shows the whole hash to copy by hand', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    await mountActivity(dom.root, [arrived()]);
    // The clock "Copied" would go by is moved by the test: a moment later means later, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    fire(copyButtons()[1]!, 'click');
    await vi.advanceTimersByTimeAsync(100);
    expect(copyState()?.getAttribute('role')).toBe('alert');
    expect(copyState()?.textContent).toBe(
      `The browser did not let the extension copy. Select the text and copy it yourself: ${SENT}`,
    );
    // Still there a moment later: the person needs time to copy it by hand.
    await vi.advanceTimersByTimeAsync(1_700);
    expect(copyState()?.querySelector('code')?.textContent).toBe(SENT);
  });

  it('copies the hash of a transaction without an explorer link too', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await mountActivity(dom.root, [recordOf(sentTransfer())]);
    expect(dom.document.querySelector('.tx-ref .mono')?.textContent).toBe(`${SENT.slice(0, 10)}…`);
    fire(copyButtons()[0]!, 'click');
    await waitFor('the copy said', () => copyState());
    expect(writeText).toHaveBeenCalledWith(SENT);
  });
});
