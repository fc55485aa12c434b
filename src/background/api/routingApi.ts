import * as v from 'valibot';
import { type RoutingActions, routingActions } from '../../api/adapters';
import { createRoutingClient, type RoutingClient } from '../../api/client';
import { type ApiDialect, detectDialect, LIFI_BASE_URL } from '../../api/dialect';
import { UnknownDialectError } from '../../api/errors';
import type { GetRoutesParameters } from '../../api/getRoutes';
import type { GetStepTransactionParameters } from '../../api/getStepTransaction';
import type { GetLifiStatusParameters } from '../../api/lifi/status';
import { rateLimitWaitMs } from '../../api/rateLimit';
import type { Settings } from '../../model/settings';
import type { SettingsService } from '../settings';
import {
  createRequestBudget,
  createRequestQueue,
  type RequestBudget,
  type RequestQueue,
  type RequestQueueOptions,
} from './requestQueue';

type Action<K extends keyof RoutingActions> = ReturnType<RoutingActions[K]>;

/**
 * The background's single door to the service: one client built from the settings (rebuilt when they change),
 * speaking the service's dialect, and one queue in front of it. Callers never see the API key nor the dialect:
 * every answer is in the internal model.
 */
export type RoutingApi = {
  /** Base URL of the current client: caches tag their entries with it. */
  source(): Promise<string>;
  /** The dialect in use (detected and remembered when the setting is `auto`). */
  dialect(): Promise<ApiDialect>;
  getChains(signal?: AbortSignal): Action<'getChains'>;
  getTokens(signal?: AbortSignal): Action<'getTokens'>;
  getTools(signal?: AbortSignal): Action<'getTools'>;
  getRoutes(params: GetRoutesParameters): Action<'getRoutes'>;
  getStepTransaction(params: GetStepTransactionParameters): Action<'getStepTransaction'>;
  /** Chain IDs are the extension's own record of the transfer (a dialect may omit them in its answer). */
  getStatus(params: GetLifiStatusParameters): Action<'getStatus'>;
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

type Current = { settings: Settings; client: RoutingClient; actions: RoutingActions };

export function createRoutingApi(options: RoutingApiOptions): RoutingApi {
  const queue = createRequestQueue(options.queue);
  let built: Current | undefined;
  let building: { settings: Settings; current: Promise<Current> } | undefined;
  options.settings.subscribe(() => {
    built = undefined;
  });

  const clientFor = (settings: Settings, dialect: ApiDialect) =>
    createRoutingClient({
      baseUrl: settings.apiBaseUrl,
      apiKey: settings.apiKey,
      dialect,
      fetch: options.fetch,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
      // The same clock as the queue: rate-limit windows are compared with the time the background keeps.
      now: options.queue?.now,
    });

  /**
   * The dialect the person chose, else LI.FI for LI.FI's own address, else what the service's chain listing shows
   * (asked once, without the key since its header name depends on the answer), remembered in the settings.
   */
  // The detection's chain listing, handed to the first getChains for those settings instead of asking twice.
  // Only while fresh: a listing an hour old is not what getChains should answer.
  let probed: { baseUrl: string; body: unknown; at: number } | undefined;
  const PROBE_FRESH_MS = 60_000;

  async function resolveDialect(settings: Settings, signal: AbortSignal | undefined): Promise<ApiDialect> {
    if (settings.apiDialect !== 'auto') return settings.apiDialect;
    if (settings.apiBaseUrl === LIFI_BASE_URL) return 'lifi';
    const probe = createRoutingClient({
      baseUrl: settings.apiBaseUrl,
      fetch: options.fetch,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
    });
    const body = await probe.request({ method: 'GET', path: '/v1/chains', schema: v.unknown(), signal });
    const dialect = detectDialect(body);
    if (!dialect) throw new UnknownDialectError({ url: `${probe.config.baseUrl}/v1/chains` });
    probed = { baseUrl: probe.config.baseUrl, body, at: now() };
    await options.settings.rememberDialect(settings.apiBaseUrl, dialect);
    return dialect;
  }

  async function current(signal?: AbortSignal): Promise<Current> {
    const settings = await options.settings.get();
    if (built?.settings === settings) return built;
    if (building?.settings !== settings) {
      const pending = resolveDialect(settings, signal).then((dialect) => {
        const next = { settings, client: clientFor(settings, dialect), actions: routingActions(dialect) };
        // A detection rewrites the settings: the remembered value needs no second detection.
        if (building?.current === pending) built = next;
        return next;
      });
      pending.catch(() => {
        if (building?.current === pending) building = undefined;
      });
      building = { settings, current: pending };
    }
    return building.current;
  }

  const now = options.queue?.now ?? Date.now;
  const budget = createRequestBudget({ now, state: () => built?.client.rateLimit });
  const run = <T>(fn: (c: Current, signal: AbortSignal | undefined) => Promise<T>, signal?: AbortSignal) =>
    queue.run(async (s) => fn(await current(s), s), signal);

  return {
    queue,
    budget,
    heldUntil() {
      const t = now();
      const windowWait = rateLimitWaitMs(built?.client.rateLimit, t);
      const until = Math.max(queue.pausedUntil(), windowWait > 0 ? t + windowWait : 0);
      return until > t ? until : 0;
    },
    source: async () => (await options.settings.get()).apiBaseUrl.replace(/\/+$/, ''),
    dialect: async () => (await current()).client.config.dialect,
    getChains: (signal) =>
      run(async (c, s) => {
        const { baseUrl } = c.client.config;
        if (probed?.baseUrl === baseUrl && now() - probed.at < PROBE_FRESH_MS) {
          const { body } = probed;
          probed = undefined;
          return c.actions.chainsFromBody(body, { url: `${baseUrl}/v1/chains`, method: 'GET' });
        }
        return c.actions.getChains(c.client, { signal: s });
      }, signal),
    getTokens: (signal) => run((c, s) => c.actions.getTokens(c.client, { signal: s }), signal),
    getTools: (signal) => run((c, s) => c.actions.getTools(c.client, { signal: s }), signal),
    getRoutes: (params) => run((c) => c.actions.getRoutes(c.client, params), params.signal),
    getStepTransaction: (params) => run((c) => c.actions.getStepTransaction(c.client, params), params.signal),
    getStatus: (params) => run((c) => c.actions.getStatus(c.client, params), params.signal),
  };
}
