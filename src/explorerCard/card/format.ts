/**
 * Formatting for the card. Kept here (not viem's formatUnits) so the content script bundle stays small.
 */

/** Integer smallest-unit string → human string with at most `maxDecimals` decimals (trailing zeros dropped). */
export function formatTokenAmount(amount: string, decimals: number, maxDecimals = 6): string {
  if (!/^\d+$/.test(amount)) return '?';
  const padded = amount.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals) || '0';
  const fraction = decimals > 0 ? padded.slice(padded.length - decimals) : '';
  const shown = fraction.slice(0, maxDecimals).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (shown === '' && whole === '0' && /[1-9]/.test(fraction)) return `<0.${'0'.repeat(maxDecimals - 1)}1`;
  return shown ? `${grouped}.${shown}` : grouped;
}

export function formatUsd(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return undefined;
  return `$${n.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}`;
}

export function formatDuration(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  if (seconds < 90) return `~${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `~${Math.round(seconds / 60)} min`;
  return `~${Math.round(seconds / 3600)} h`;
}

/** Human decimal amount as typed: digits with an optional fraction, dot or comma. */
export function normalizeAmountInput(text: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,30}(\.\d{0,36})?$/.test(trimmed)) return null;
  const normalized = trimmed.replace(/\.$/, '');
  return /[1-9]/.test(normalized) ? normalized : null;
}
