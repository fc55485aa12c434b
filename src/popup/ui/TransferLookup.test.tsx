import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordOf } from '../../../testing/background/storedRecords';
import { fire, mountActivity, sentTransfer } from '../../../testing/popup/activity';
import { installDom, waitFor } from '../../../testing/popup/dom';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

const query = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;
const HASH = `0x${'ab'.repeat(32)}`;

async function submit(text: string) {
  const field = query('lookup-ref') as HTMLInputElement;
  field.value = text;
  // The typed text (and a chain picked before) rendered into the form's state, as a person's next click finds it.
  await act(() => fire(field, 'input'));
  const form = dom.document.querySelector('.lookup-form')!;
  const event = dom.document.createEvent('Event');
  event.initEvent('submit', true, true);
  form.dispatchEvent(event);
  await waitFor('what the lookup says', () => query('lookup-said'));
}

describe('Look up a transfer (rendered)', () => {
  it('says a malformed hash in words without asking the background, and keeps what was typed', async () => {
    const lookUpTransfer = vi.fn(async () => ({
      kind: 'found' as const,
      txHash: HASH as `0x${string}`,
      already: false,
    }));
    await mountActivity(dom.root, [], { api: { lookUpTransfer } });
    await submit('0x1234');
    expect(query('lookup-said')?.textContent).toBe(
      'This is not a transaction hash: a hash is 0x followed by 64 hex digits (0–9, a–f).',
    );
    expect((query('lookup-ref') as HTMLInputElement).value).toBe('0x1234');
    expect(lookUpTransfer).not.toHaveBeenCalled();
  });

  it('sends a hash as typed (trimmed, lower-cased), with the chain picked, and says what was found', async () => {
    const lookUpTransfer = vi.fn(async () => ({ kind: 'unknown' as const, chainIds: [10] }));
    await mountActivity(dom.root, [], { api: { lookUpTransfer } });
    const chain = query('lookup-chain') as HTMLSelectElement;
    // As a person picks it (linkedom's select has no value setter).
    for (const option of chain.querySelectorAll('option')) option.toggleAttribute('selected', option.value === '10');
    fire(chain, 'change');
    await submit(`  ${HASH.toUpperCase().replace('0X', '0x')} `);
    expect(lookUpTransfer).toHaveBeenCalledWith({ ref: HASH, chainId: 10 });
    expect(query('lookup-said')?.textContent).toMatch(/^None of the chains read \(Optimism\) knows this transaction/);
    expect(query('lookup-said')?.getAttribute('data-ok')).toBe('false');
  });

  it('marks a looked-up transfer on its card, says its wait, and offers its support details', async () => {
    const t = sentTransfer({ lookedUp: { at: 1_700_000_000_000, toTokenNamed: true } });
    await mountActivity(dom.root, [recordOf(t)]);
    expect(query('transfer-looked-up')?.textContent).toBe('Looked up');
    expect(query('looked-up-note')?.textContent).toMatch(/^Looked up by you, not sent by this extension/);
    // Nothing known of Across here, and sent long before this test's clock: said late.
    expect(query('looked-up-step')?.textContent).toMatch(
      /^Nothing is known here of how long Across usually takes\.It has been [\d.,]+ h since it was sent/,
    );
    expect(query('copy-support')?.textContent).toBe('Copy support details');
  });
});
