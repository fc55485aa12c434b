import { i18n } from '#i18n';
import { formatUnitsExact } from './amount';
import { numberSymbols, uiLocale } from './locale';

/**
 * The one reader of amounts typed by a person, in human units ("1.5"), for every input: the popup's form, the
 * explorer card, and the prefills they hand each other (a URL's `amount`, the card's click). Amounts become integers
 * in the token's smallest unit without going through floating point (a float cannot hold 18 decimals).
 */
export type AmountParse = { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'ok'; value: bigint };

const AMOUNT_PATTERN = /^(\d*)(?:\.(\d*))?$/;

/** The decimal separator of the person's language ("," in German or French, "." in English). */
export function localeDecimalSeparator(locale = uiLocale()): '.' | ',' {
  return numberSymbols(locale).decimal === ',' ? ',' : '.';
}

/**
 * One comma is the decimal separator where the person's language writes it so, and wherever it cannot be a
 * thousands separator ("1,5", "0,25"). "1,500" in an English-speaking browser could be either: it is refused with
 * both readings rather than guessed, since a wrong guess sends a thousand times too much or too little.
 */
function normalizeComma(text: string, separator: '.' | ','): string | { message: string } {
  if (!text.includes(',')) return text;
  if (text.includes('.') || text.indexOf(',') !== text.lastIndexOf(',')) {
    return { message: i18n.t('popup.amount.noSeparators') };
  }
  const [whole = '', fraction = ''] = text.split(',');
  if (separator === '.' && fraction.length === 3 && whole !== '' && whole !== '0') {
    return { message: i18n.t('popup.amount.ambiguous', [`${whole}.${fraction}`, `${whole}${fraction}`, text]) };
  }
  return `${whole}.${fraction}`;
}

export function parseAmountInput(
  input: string,
  decimals: number,
  symbol = i18n.t('popup.amount.thisToken'),
  separator: '.' | ',' = localeDecimalSeparator(),
): AmountParse {
  const trimmed = input.trim();
  if (trimmed === '') return { kind: 'empty' };
  const text = normalizeComma(trimmed, separator);
  if (typeof text !== 'string') return { kind: 'invalid', message: text.message };
  const match = AMOUNT_PATTERN.exec(text);
  if (!match || text === '.') return { kind: 'invalid', message: i18n.t('popup.amount.notANumber') };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return {
      kind: 'invalid',
      message:
        decimals === 0
          ? i18n.t('popup.amount.noDecimals', [symbol])
          : i18n.t('popup.amount.maxDecimals', decimals, [String(decimals), symbol]),
    };
  }
  const value = BigInt((whole || '0') + fraction.padEnd(decimals, '0'));
  return { kind: 'ok', value };
}

/**
 * The most decimals a prefill may carry before its token is known (ERC-20 allows up to 255; none in use has more
 * than 36). The popup reads the amount again with the token's own decimals.
 */
export const PREFILL_MAX_DECIMALS = 36;

/**
 * An amount handed over before its token is known (a URL's `amount`, the card's prefill), by the same rule as typed
 * ones with a dot for the decimal separator, as machines write it: its plain form ("1.5", "0.25"), or undefined when
 * the person's form would not take it either.
 */
export function prefillAmount(text: string): string | undefined {
  const parsed = parseAmountInput(text, PREFILL_MAX_DECIMALS, undefined, '.');
  return parsed.kind === 'ok' ? formatUnitsExact(parsed.value, PREFILL_MAX_DECIMALS) : undefined;
}
