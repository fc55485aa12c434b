import { createRoutingClient, type RoutingClient } from '../../api/client';
import { getChains } from '../../api/getChains';
import { type GetRoutesParameters, getRoutes } from '../../api/getRoutes';
import { getStatus } from '../../api/getStatus';
import { type GetStepTransactionParameters, getStepTransaction } from '../../api/getStepTransaction';
import { getTokens } from '../../api/getTokens';
import { getTools } from '../../api/getTools';
import { rateLimitWaitMs } from '../../api/rateLimit';
import type { Settings } from '../../storage/settings';
import type { SettingsService } from '../settings';
import {
  createRequestBudget,
  createRequestQueue,
  type RequestBudget,
  type RequestQueue,
  type RequestQueueOptions,
} from './requestQueue';

/**
 * The background's single door to the service: one client built from the settings (rebuilt when they change) and
 * one queue in front of it. Callers never see the API key.
 */
export type RoutingApi = {
  /** Base URL of the current client: caches tag their entries with it. */
  source(): Promise<string>;
  getChains(signal?: AbortSignal): ReturnType<typeof getChains>;
  getTokens(signal?: AbortSignal): ReturnType<typeof getTokens>;
  getTools(signal?: AbortSignal): ReturnType<typeof getTools>;
  getRoutes(params: GetRoutesParameters): ReturnType<typeof getRoutes>;
  getStepTransaction(params: GetStepTransactionParameters): ReturnType<typeof getStepTransaction>;
  getStatus(params: { txHash: string; signal?: AbortSignal }): ReturnType<typeof getStatus>;
  /**
   * Epoch ms until which requests are held because the service asked (a 429's Retry-After, or an exhausted
   * rate-limit window); 0 when nothing is held. The popup shows it instead of an unexplained wait.
   */
  heldUntil(): number;
  readonly queue: RequestQueue;
  /** The share of the rate-limit window left to background work (status checks); see requestQueue.ts. */
  readonly budget: RequestBudget;
};

export type RoutingApiOptions = {
  settings: SettingsService;
  fetch?: typeof fetch;
  queue?: RequestQueueOptions;
  /** Client retry policy: tests shorten it. */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number; retryAfterCapMs?: number };
  timeoutMs?: number;
};

export function createRoutingApi(options: RoutingApiOptions): RoutingApi {
  const queue = createRequestQueue(options.queue);
  let client: { settings: Settings; client: RoutingClient } | undefined;
  options.settings.subscribe(() => {
    client = undefined;
  });

  async function current(): Promise<RoutingClient> {
    const settings = await options.settings.get();
    if (client?.settings !== settings) {
      client = {
        settings,
        client: createRoutingClient({
          baseUrl: settings.apiBaseUrl,
          apiKey: settings.apiKey,
          fetch: options.fetch,
          retry: options.retry,
          timeoutMs: options.timeoutMs,
          // The same clock as the queue: rate-limit windows are compared with the time the background keeps.
          now: options.queue?.now,
        }),
      };
    }
    return client.client;
  }

  const run = <T>(fn: (c: RoutingClient, signal: AbortSignal | undefined) => Promise<T>, signal?: AbortSignal) =>
    queue.run(async (s) => fn(await current(), s), signal);

  const now = options.queue?.now ?? Date.now;
  const budget = createRequestBudget({ now, state: () => client?.client.rateLimit });
  return {
    queue,
    budget,
    heldUntil() {
      const t = now();
      const windowWait = rateLimitWaitMs(client?.client.rateLimit, t);
      const until = Math.max(queue.pausedUntil(), windowWait > 0 ? t + windowWait : 0);
      return until > t ? until : 0;
    },
    source: async () => (await current()).config.baseUrl,
    getChains: (signal) => run((c, s) => getChains(c, { signal: s }), signal),
    getTokens: (signal) => run((c, s) => getTokens(c, { signal: s }), signal),
    getTools: (signal) => run((c, s) => getTools(c, { signal: s }), signal),
    getRoutes: (params) => run((c) => getRoutes(c, params), params.signal),
    getStepTransaction: (params) => run((c) => getStepTransaction(c, params), params.signal),
    getStatus: (params) => run((c) => getStatus(c, params), params.signal),
  };
}
