import { i18n } from '#i18n';
import { BaseError } from '../../errors/base';

/**
 * How many route requests the explorer card of one tab may cause in a sliding window. The card is on a page we do
 * not trust: whatever the page manages to make it do (reload itself in a loop, drive its inputs), every request
 * spends the person's API key and rate limit. Opening a token page costs one request per destination (3); each
 * settled amount or destination costs as many again, so the budget leaves a person about four changes every ten
 * seconds, and a page no more than 12 requests per tab in any ten seconds.
 */
export const QUOTE_WINDOW_MS = 10_000;
export const QUOTE_BUDGET_PER_TAB = 12;
/** The error code of a refused request (the card, src/explorerCard/card/, recognises it by this). */
export const INLINE_QUOTE_LIMIT_CODE = 'TOO_MANY_REQUESTS';
/** Tabs remembered at once; the oldest are forgotten first (a forgotten tab starts with a full budget). */
const MAX_TABS = 200;

export type QuoteBudget = {
  /**
   * Spends `cost` requests of `tabId`'s budget and returns 0, or spends nothing and returns how many milliseconds
   * until that much is free again.
   */
  take(tabId: number, cost: number): number;
};

export function createQuoteBudget(
  options: { now?: () => number; windowMs?: number; perTab?: number } = {},
): QuoteBudget {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? QUOTE_WINDOW_MS;
  const perTab = options.perTab ?? QUOTE_BUDGET_PER_TAB;
  /** Per tab: the time of every request spent in the current window, oldest first. */
  const spent = new Map<number, number[]>();

  return {
    take(tabId, cost) {
      const t = now();
      const times = (spent.get(tabId) ?? []).filter((at) => at > t - windowMs);
      if (cost > perTab) return windowMs;
      const over = times.length + cost - perTab;
      if (over > 0) {
        spent.set(tabId, times);
        // Free once the `over` oldest requests have left the window.
        return times[over - 1]! + windowMs - t;
      }
      for (let i = 0; i < cost; i++) times.push(t);
      spent.delete(tabId);
      spent.set(tabId, times);
      if (spent.size > MAX_TABS) spent.delete(spent.keys().next().value!);
      return 0;
    },
  };
}

/**
 * The error code of a card search the background kept back: what is left of the service's allowance is kept for the
 * person's own transfers (src/background/api/allowance.ts). The card says so calmly and does not ask again by itself.
 */
export const QUOTES_PAUSED_CODE = 'QUOTES_PAUSED';

export class QuotesPausedError extends BaseError {
  override name = 'QuotesPausedError';
  readonly code = QUOTES_PAUSED_CODE;
  constructor() {
    super(i18n.t('card.paused'));
  }
}
