/** "0.5%" from a fraction (0.005), without trailing zeros. */
export const formatSlippage = (fraction: number): string => `${+(fraction * 100).toFixed(2)}%`;

/** Above this, a transfer may legitimately arrive this much short: worth saying before anyone signs. */
export const HIGH_SLIPPAGE = 0.03;

/**
 * What a person should know about a slippage before searching: none at all makes nearly every route revert when the
 * price moves by a single unit; a high one lets the transfer arrive that much short of the quote.
 */
export function slippageWarning(fraction: number): string | undefined {
  if (fraction <= 0) return 'With 0% slippage almost every transfer fails: any price move makes it revert.';
  if (fraction > HIGH_SLIPPAGE) {
    return `With ${formatSlippage(fraction)} slippage you may receive up to ${formatSlippage(fraction)} less than quoted.`;
  }
  return undefined;
}
