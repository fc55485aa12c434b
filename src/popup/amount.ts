import { i18n } from '#i18n';
import { numberSymbols, uiLocale } from '../format/locale';

/**
 * Amounts typed by a person, in human units ("1.5"), turned into integers in the token's smallest unit without
 * going through floating point (a float cannot hold 18 decimals).
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

/** Native balance that can be sent while keeping `reserve` for gas (never negative). */
export function maxSendable(balance: bigint, isNative: boolean, gasReserve: bigint): bigint {
  if (!isNative) return balance;
  return balance > gasReserve ? balance - gasReserve : 0n;
}

/**
 * Gas kept back when Max is pressed on a native token: twice the route's gas estimate when known (gas prices move
 * between quote and send), else a flat 0.005 of the coin.
 */
export function gasReserveFor(decimals: number, routeGasWei?: bigint): bigint {
  if (routeGasWei !== undefined && routeGasWei > 0n) return routeGasWei * 2n;
  return (10n ** BigInt(decimals) * 5n) / 1000n;
}
