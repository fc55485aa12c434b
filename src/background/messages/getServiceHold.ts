import { NoDataSchema } from '../../messaging/defineMessage';
import { isAllowanceLow } from '../api/allowance';
import { backgroundMessage } from './define';

/** What is left of the route searches, as the service's rate-limit headers last said. */
export type RoutesAllowance = {
  remaining: number;
  limit: number;
  /** Epoch ms when the allowance renews, when the service said. */
  resetAt?: number;
  /** Few left: the popup stops refreshing on its own (src/background/api/allowance.ts). */
  low: boolean;
  /** Whether an API key is set (a key raises LI.FI's allowance). */
  keyed: boolean;
};

/**
 * getServiceHold: until when (epoch ms, 0 for not) the service asked the extension to hold its route searches, and
 * what is left of them. Asked by the popup while a search takes long (a hold is then said, with its end) and after
 * each search (few left: no refresh on its own, and the allowance said).
 */
export const getServiceHold = backgroundMessage({
  access: 'page',
  schema: NoDataSchema,
  run: async (_data, { api, settings }): Promise<{ until: number; routes?: RoutesAllowance }> => {
    const view = api.allowance.view('routes');
    if (!view) return { until: api.heldUntil() };
    const keyed = (await settings.get()).apiKey !== '';
    const routes: RoutesAllowance = { remaining: view.remaining, limit: view.limit, low: isAllowanceLow(view), keyed };
    if (view.resetAt !== undefined) routes.resetAt = view.resetAt;
    return { until: api.heldUntil(), routes };
  },
});
