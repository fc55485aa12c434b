import type { UnavailableRoutes } from '../schemas/route';

/**
 * Plain words for "no route": reads the per-tool reasons (LI.FI's codes) from `unavailableRoutes` or from an
 * error's details, and picks the most telling one.
 */
const REASONS: [RegExp, string][] = [
  [/AMOUNT_TOO_LOW/i, 'No route for this amount: too small for any bridge. Try a larger amount.'],
  [/AMOUNT_TOO_HIGH/i, 'No route for this amount: too large for the available liquidity. Try a smaller amount.'],
  [
    /FEES_HIGHER_THAN_AMOUNT/i,
    'No route for this amount: the fees would be higher than what you send. Try a larger amount.',
  ],
  [
    /INSUFFICIENT_LIQUIDITY/i,
    'No route: not enough liquidity for this pair right now. Try a smaller amount or another token.',
  ],
  [/TOOL_TIMEOUT/i, 'No route: the bridges did not answer in time. Try again in a moment.'],
  [/NO_POSSIBLE_ROUTE|NO_QUOTE/i, 'No bridge or exchange connects these tokens. Try another token or chain.'],
];

export function explainNoRoutes(unavailable: UnavailableRoutes | undefined, details?: string): string {
  const texts: string[] = [];
  for (const failed of unavailable?.failed ?? []) {
    for (const errors of Object.values(failed.subpaths ?? {})) {
      for (const error of errors) texts.push(JSON.stringify(error));
    }
  }
  if (details) texts.push(details);
  const all = texts.join(' ');
  for (const [pattern, message] of REASONS) if (pattern.test(all)) return message;
  const filtered = unavailable?.filteredOut ?? [];
  if (filtered.some((f) => f.reason?.startsWith('ROUTE_MISMATCH'))) {
    return 'The routing service answered with routes that differ from what you asked for, so none is shown. Check the API URL in Settings.';
  }
  if (filtered.length > 0) {
    return 'Every route was filtered out by your bridge settings. Allow more bridges in Settings.';
  }
  return 'No route found for this transfer. Try another amount, token or chain.';
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
  if (error.code === 1005 || error.status === 429) return 'The routing service is busy. Routes will refresh shortly.';
  if (error.code === 1010 || error.status === 401 || error.status === 403) {
    return 'The routing service refused the API key. Check it in Settings.';
  }
  // A 400 naming the tool filters comes from a choice in Settings (a bridge the service does not know, say).
  if (error.status === 400 && /options\.(bridges|exchanges)/.test(`${error.details ?? ''} ${error.shortMessage}`)) {
    return 'The routing service did not accept your bridge and exchange choices. Change them in Settings, under "Bridges and exchanges".';
  }
  return error.shortMessage;
}
