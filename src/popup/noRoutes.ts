import { i18n } from '#i18n';
import type { UnavailableRoutes } from '../schemas/route';

/**
 * Plain words for "no route": reads the per-tool reasons (LI.FI's codes) from `unavailableRoutes` or from an
 * error's details, and picks the most telling one.
 */
const REASONS: [RegExp, () => string][] = [
  [/AMOUNT_TOO_LOW/i, () => i18n.t('popup.noRoutes.tooLow')],
  [/AMOUNT_TOO_HIGH/i, () => i18n.t('popup.noRoutes.tooHigh')],
  [/FEES_HIGHER_THAN_AMOUNT/i, () => i18n.t('popup.noRoutes.feesHigher')],
  [/INSUFFICIENT_LIQUIDITY/i, () => i18n.t('popup.noRoutes.liquidity')],
  [/TOOL_TIMEOUT/i, () => i18n.t('popup.noRoutes.timeout')],
  [/NO_POSSIBLE_ROUTE|NO_QUOTE/i, () => i18n.t('popup.noRoutes.noConnection')],
];

const CHAIN_REFUSED = 'CHAIN_REFUSED: ';

export function explainNoRoutes(unavailable: UnavailableRoutes | undefined, details?: string): string {
  const texts: string[] = [];
  for (const failed of unavailable?.failed ?? []) {
    for (const errors of Object.values(failed.subpaths ?? {})) {
      for (const error of errors) texts.push(JSON.stringify(error));
    }
  }
  if (details) texts.push(details);
  const all = texts.join(' ');
  for (const [pattern, message] of REASONS) if (pattern.test(all)) return message();
  const filtered = unavailable?.filteredOut ?? [];
  // A chain refused before asking (src/api/lifi/routes.ts) carries its own words.
  const refused = filtered.find((f) => f.reason?.startsWith(CHAIN_REFUSED));
  if (refused?.reason) return refused.reason.slice(CHAIN_REFUSED.length);
  if (filtered.some((f) => f.reason?.startsWith('ROUTE_MISMATCH'))) {
    return i18n.t('popup.noRoutes.mismatch');
  }
  if (filtered.length > 0) {
    return i18n.t('popup.noRoutes.filtered');
  }
  return i18n.t('popup.noRoutes.none');
}

/** Error codes from the background (LI.FI codes) in plain words; falls back to the error's own short message. */
export function explainRoutesError(error: {
  shortMessage: string;
  code?: number | string;
  status?: number;
  details?: string;
}): string {
  if (error.code === 1002 || error.status === 404)
    return explainNoRoutes(undefined, `${error.details ?? ''} ${error.shortMessage}`);
  if (error.code === 1005 || error.status === 429) return i18n.t('popup.noRoutes.busy');
  if (error.code === 1010 || error.status === 401 || error.status === 403) {
    return i18n.t('popup.noRoutes.badKey');
  }
  // A 400 naming the tool filters comes from a choice in Settings (a bridge the service does not know, say).
  if (error.status === 400 && /options\.(bridges|exchanges)/.test(`${error.details ?? ''} ${error.shortMessage}`)) {
    return i18n.t('popup.noRoutes.badTools');
  }
  return error.shortMessage;
}
