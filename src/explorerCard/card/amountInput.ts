import { formatUnitsExact } from '../../format/amount';
import { parseAmountInput } from '../../format/parseAmount';

/** What the card makes of its amount field: the plain amount to quote ("1.5"), or why there is none. */
export type CardAmount = { amount: string; message?: undefined } | { amount: null; message?: string };

/**
 * The card reads its field by the popup's rule (src/format/parseAmount.ts), with the token's decimals: "1,5" where
 * the person's language writes a decimal comma or where it cannot be a thousands separator, "1,500" refused as
 * ambiguous in English. Only an amount above zero is quoted; the background gets its plain form.
 */
export function readCardAmount(text: string, token: { decimals: number; symbol: string }): CardAmount {
  const parsed = parseAmountInput(text, token.decimals, token.symbol);
  if (parsed.kind === 'invalid') return { amount: null, message: parsed.message };
  if (parsed.kind === 'empty' || parsed.value <= 0n) return { amount: null };
  return { amount: formatUnitsExact(parsed.value, token.decimals) };
}
