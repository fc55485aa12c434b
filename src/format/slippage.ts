import { i18n } from '#i18n';
import { numberSymbols } from './locale';
/** "0.5%" from a fraction (0.005), without trailing zeros. */
export const formatSlippage = (fraction: number): string =>
  `${String(+(fraction * 100).toFixed(2)).replace('.', numberSymbols().decimal)}%`;

/** Above this, a transfer may legitimately arrive this much short: worth saying before anyone signs. */
export const HIGH_SLIPPAGE = 0.03;

/**
 * What a person should know about a slippage before searching: none at all makes nearly every route revert when the
 * price moves by a single unit; a high one lets the transfer arrive that much short of the quote.
 */
export function slippageWarning(fraction: number): string | undefined {
  if (fraction <= 0) return i18n.t('popup.slippage.none');
  if (fraction > HIGH_SLIPPAGE) return i18n.t('popup.slippage.high', [formatSlippage(fraction)]);
  return undefined;
}
