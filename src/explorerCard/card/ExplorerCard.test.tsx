import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { CHAINS, USDC_OP } from '../../../testing/popup/fixtures';
import type { InlineQuotesResult } from '../inlineQuotes';
import { AMOUNT_DEBOUNCE_MS, ExplorerCard } from './ExplorerCard';
import { LIMITED_RETRY_MS } from './useInlineQuotes';

const answers = vi.hoisted(() => ({ quotes: [] as (() => Promise<unknown>)[], refusals: [] as unknown[], asked: 0 }));
vi.mock('../../messaging/protocol', () => ({
  sendMessage: vi.fn(async (type: string) => {
    if (type === 'getChains') return { ok: true, value: [] };
    answers.asked++;
    const refusal = answers.refusals.shift();
    if (refusal) return { ok: false, error: refusal };
    const next = answers.quotes.shift();
    return { ok: true, value: next ? await next() : { quotes: [], errors: [] } };
  }),
}));

const ARB = {
  address: '0x912CE59144191C1204E64559FE8253a0e49E6548',
  chainId: '42161',
  symbol: 'ARB',
  decimals: 18,
  name: 'Arbitrum',
  priceUSD: '1',
};
const quotesFor = (toAmount: string): InlineQuotesResult => ({
  quotes: [
    {
      toChain: { id: 10, name: 'OP Mainnet' },
      toToken: { ...USDC_OP, address: USDC_OP.address as `0x${string}` },
      toAmount,
      tool: 'across',
      toolName: 'Across',
    },
  ],
  errors: [],
});

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  vi.useRealTimers();
  render(null, dom.root);
  dom.cleanup();
});

const query = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;

describe('explorer card (rendered)', () => {
  it('asks nothing while its tab is hidden, and pauses calmly when the searches are kept for the person', async () => {
    answers.asked = 0;
    answers.refusals = [
      {
        name: 'QuotesPausedError',
        code: 'QUOTES_PAUSED',
        shortMessage: 'Quotes are paused for a while, to keep route searches for your own transfers.',
      },
    ];
    let visibility = 'hidden';
    Object.defineProperty(dom.document, 'visibilityState', { get: () => visibility, configurable: true });
    // The card's own clock (the amount's debounce, the retry) is moved by the test, so "nothing asked" means after it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    render(<ExplorerCard detected={{ chain: { ...CHAINS[0]!, id: 42161, name: 'Arbitrum' }, token: ARB }} />, dom.root);
    await vi.advanceTimersByTimeAsync(AMOUNT_DEBOUNCE_MS + 100);
    expect(query('bc-amount')).not.toBeNull();
    expect(answers.asked).toBe(0);
    visibility = 'visible';
    const shown = dom.document.createEvent('Event');
    shown.initEvent('visibilitychange', false, false);
    dom.document.dispatchEvent(shown);
    await vi.advanceTimersByTimeAsync(100);
    expect(answers.asked).toBe(1);
    expect(query('bc-paused')?.textContent).toMatch(/^Quotes are paused for a while/);
    expect(query('bc-updating')).toBeNull();
    // Paused: not asked again by itself (a refusal for too many requests would be, after LIMITED_RETRY_MS).
    await vi.advanceTimersByTimeAsync(LIMITED_RETRY_MS + 500);
    expect(answers.asked).toBe(1);
  });

  it('names the extension, says the quotes arrive as another token, and fades old quotes while an amount is typed', async () => {
    let release: (() => void) | undefined;
    answers.quotes = [
      async () => quotesFor('99000000'),
      () =>
        new Promise((resolve) => {
          release = () => resolve(quotesFor('198000000'));
        }),
    ];
    render(<ExplorerCard detected={{ chain: { ...CHAINS[0]!, id: 42161, name: 'Arbitrum' }, token: ARB }} />, dom.root);
    await waitFor('the first quote', () => query('bc-quote-amount'));
    expect(query('bc-brand')?.textContent).toBe('Bridge Companion');
    expect(query('bc-quote-swap')?.textContent).toBe('ARB arrives as USDC');
    expect(query('bc-quote-amount')?.textContent).toBe('99 USDC');
    expect((query('bc-open') as HTMLButtonElement).disabled).toBe(false);

    const input = query('bc-amount') as HTMLInputElement;
    Object.defineProperty(input, 'value', { value: '200', configurable: true });
    const event = dom.document.createEvent('Event');
    event.initEvent('input', true, false);
    // The card acts on trusted input only (./trusted.ts); a person's typing is.
    Object.defineProperty(event, 'isTrusted', { value: true });
    input.dispatchEvent(event);
    await waitFor('the quotes updating', () => query('bc-updating'));
    expect(query('bc-quotes')?.className).toBe('quotes stale');
    expect(query('bc-updating')?.textContent).toBe('Updating quotes for this amount…');
    expect((query('bc-open') as HTMLButtonElement).disabled).toBe(true);

    (await waitFor('the quote for the new amount asked', () => release))();
    await waitFor('the quote for the new amount', () => query('bc-quote-amount')?.textContent !== '99 USDC');
    expect(query('bc-quotes')?.className).toBe('quotes');
    expect(query('bc-updating')).toBeNull();
    expect(query('bc-quote-amount')?.textContent).toBe('198 USDC');
    expect((query('bc-open') as HTMLButtonElement).disabled).toBe(false);
  });
});
