/** Human decimal amount as typed in the card: digits with an optional fraction, dot or comma. */
export function normalizeAmountInput(text: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,30}(\.\d{0,36})?$/.test(trimmed)) return null;
  const normalized = trimmed.replace(/\.$/, '');
  return /[1-9]/.test(normalized) ? normalized : null;
}
