import { describe, expect, it } from 'vitest';
import { formatAmount, formatUnitsExact } from './amount';
import { compactBridges } from './bridges';
import { formatDuration } from './duration';
import { safeLink } from './links';
import { formatPercent } from './percent';
import { formatSlippage, slippageWarning } from './slippage';
import { statusLabel, substatusText } from './status';
import { formatUsd, usdValue } from './usd';

describe('formatUnitsExact', () => {
  it('round-trips exactly', () => {
    expect(formatUnitsExact(1_500_000n, 6)).toBe('1.5');
    expect(formatUnitsExact(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnitsExact(0n, 6)).toBe('0');
    expect(formatUnitsExact(42n, 0)).toBe('42');
  });
});

describe('formatAmount', () => {
  it('shortens for display but keeps small amounts visible (popup)', () => {
    expect(formatAmount(1_234_567_891_234n, 6)).toBe('1,234,567.8912');
    expect(formatAmount('1234', 9)).toBe('0.00000123');
    expect(formatAmount(10n ** 18n, 18)).toBe('1');
  });

  it.each([
    ['99800000', 6, '99.8'],
    ['100000000', 6, '100'],
    ['1234567890123456789', 18, '1.234567'],
    ['1', 18, '<0.000001'],
    ['0', 6, '0'],
    ['99950000', 6, '99.95'],
    ['1234567000000000000000', 18, '1,234.567'],
    ['12', 0, '12'],
    ['x', 6, '?'],
  ])('receipt: %s with %i decimals is %s (card, notifications)', (amount, decimals, want) => {
    expect(formatAmount(amount, decimals, 'receipt')).toBe(want);
  });
});

describe('formatUsd', () => {
  it('formats dollars from numbers and decimal strings, one way everywhere', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(1234.567)).toBe('$1,234.57');
    expect(formatUsd('99.951')).toBe('$99.95');
    expect(formatUsd('0.5')).toBe('$0.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.001)).toBe('< $0.01');
    expect(formatUsd('0.001')).toBe('< $0.01');
  });

  it('gives undefined for a missing or unreadable figure', () => {
    expect(formatUsd(undefined)).toBeUndefined();
    expect(formatUsd('')).toBeUndefined();
    expect(formatUsd('abc')).toBeUndefined();
    expect(formatUsd(Number.NaN)).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it('reads seconds, minutes and hours', () => {
    expect(formatDuration(30)).toBe('30 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(180)).toBe('3 min');
    expect(formatDuration(600)).toBe('10 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(5400)).toBe('1.5 h');
    expect(formatDuration(undefined)).toBeUndefined();
  });
});

describe('safeLink', () => {
  it('keeps https and loopback http, refuses everything else', () => {
    expect(safeLink('https://arbiscan.io/tx/0xabc')).toBe('https://arbiscan.io/tx/0xabc');
    expect(safeLink('http://127.0.0.1:8787/explorer/1/tx/0xabc')).toBe('http://127.0.0.1:8787/explorer/1/tx/0xabc');
    expect(safeLink('http://localhost/x')).toBe('http://localhost/x');
    expect(safeLink('http://evil.example/tx')).toBeUndefined();
    expect(safeLink('javascript:alert(1)')).toBeUndefined();
    expect(safeLink('data:text/html,hi')).toBeUndefined();
    expect(safeLink('not a url')).toBeUndefined();
    expect(safeLink(undefined)).toBeUndefined();
  });
});

describe('compactBridges', () => {
  it('keeps only the non-empty lists', () => {
    expect(compactBridges({ allow: [], deny: [], prefer: [] })).toBeUndefined();
    expect(compactBridges({ allow: [], deny: ['hop'], prefer: [] })).toEqual({ deny: ['hop'] });
    expect(compactBridges({ allow: ['across'], deny: [], prefer: ['stargate'] })).toEqual({
      allow: ['across'],
      prefer: ['stargate'],
    });
  });
});

describe('status wording', () => {
  it('names every status the extension records, local ones included, and shows an unknown one as sent', () => {
    expect(statusLabel('DONE')).toBe('Completed');
    expect(statusLabel('PENDING')).toBe('In progress');
    expect(statusLabel('TRACKING_STOPPED')).toBe('Still unconfirmed');
    expect(statusLabel('SOME_NEW_STATUS')).toBe('SOME_NEW_STATUS');
    expect(substatusText('PARTIAL')).toBe('received a different token');
    expect(substatusText('NEW_ONE', 'Bridge paused')).toBe('Bridge paused');
    expect(substatusText('NEW_ONE')).toBe('NEW_ONE');
  });
});

describe('formatPercent', () => {
  it('keeps small impacts readable and shows a sign', () => {
    expect(formatPercent(0.0031)).toBe('0.31 %');
    expect(formatPercent(0.05)).toBe('5 %');
    expect(formatPercent(0.00004)).toBe('0.004 %');
    expect(formatPercent(-0.002)).toBe('-0.2 %');
    expect(formatPercent(0)).toBe('0 %');
  });
});

describe('usdValue', () => {
  it('values base units at the listed price, and gives nothing without a usable price', () => {
    expect(usdValue(250_000_000n, { decimals: 6, priceUSD: '0.9998' })).toBeCloseTo(249.95, 2);
    expect(usdValue(10n ** 17n, { decimals: 18, priceUSD: '3000' })).toBeCloseTo(300, 6);
    expect(usdValue(1n, { decimals: 6 })).toBeUndefined();
    expect(usdValue(1n, { decimals: 6, priceUSD: 'n/a' })).toBeUndefined();
  });
});

describe('slippage words', () => {
  it('warns at 0 and above 3 %, and says nothing in between', () => {
    expect(slippageWarning(0)).toMatch(/0% slippage almost every transfer fails/);
    expect(slippageWarning(0.005)).toBeUndefined();
    expect(slippageWarning(0.03)).toBeUndefined();
    expect(slippageWarning(0.05)).toBe('With 5% slippage you may receive up to 5% less than quoted.');
    expect(formatSlippage(0.001)).toBe('0.1%');
  });
});
