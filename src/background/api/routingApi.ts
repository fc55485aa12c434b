import * as v from 'valibot';
import { type RoutingActions, routingActions } from '../../api/adapters';
import { createRoutingClient, type RoutingClient } from '../../api/client';
import { type ApiDialect, DIALECT_HEADERS, detectDialect, LIFI_BASE_URL } from '../../api/dialect';
import { RateLimitError, UnknownDialectError } from '../../api/errors';
import type { GetRoutesParameters } from '../../api/getRoutes';
import type { GetStepTransactionParameters } from '../../api/getStepTransaction';
import type { GetGasSuggestionParameters } from '../../api/lifi/gasSuggestion';
import type { GetLifiStatusParameters } from '../../api/lifi/status';
import { readRateLimitHeaders } from '../../api/rateLimit';
import { abortableSleep } from '../../api/sleep';
import type { Settings } from '../../model/settings';
import type { SettingsService } from '../settings';
import {
  type Allowance,
  AllowanceReservedError,
  createAllowance,
  type EndpointGroup,
  endpointGroupOf,
  type RequestPriority,
} from './allowance';
import {
  createRequestBudget,
  createRequestQueue,
  type RequestBudget,
  type RequestQueue,
  type RequestQueueOptions,
} from './requestQueue';

type Action<K extends keyof RoutingActions> = ReturnType<RoutingActions[K]>;

/**
 * A hold the person's own request waits out rather than being refused: a minute window's reset or a short 429 (the
 * popup counts it down). Longer, as LI.FI's two-hour allowances are, it is refused at once with its end.
 */
export const SHORT_HOLD_MS = 5 * 60_000;

/**
 * The background's single door to the service: one client built from the settings (rebuilt when they change),
 * speaking the service's dialect, and one queue in front of it. Callers never see the API key nor the dialect:
 * every answer is in the internal model.
 */
export type RoutingApi = {
  /** Base URL of the current client: caches tag their entries with it. */
  source(): Promise<string>;
  /**
   * The base URL and the dialect spoken there (as chosen, or detected and remembered): the catalog's tag. A kind
   * chosen anew (the wrong one first) must not be answered from chains read as the other kind. Resolved before the
   * fetch, so a detection does not retag the list it just fetched (the detection's listing is reused, not asked twice).
   */
  catalogSource(): Promise<string>;
  /** The dialect in use (detected and remembered when the setting is `auto`). */
  dialect(): Promise<ApiDialect>;
  getChains(signal?: AbortSignal): Action<'getChains'>;
  getTokens(signal?: AbortSignal): Action<'getTokens'>;
  getTools(signal?: AbortSignal): Action<'getTools'>;
  /** `priority` (default the person's transfer): the card and refreshes leave the transfer's reserve alone. */
  getRoutes(params: GetRoutesParameters & { priority?: RequestPriority }): Action<'getRoutes'>;
  /** `priority` (default the person's transfer): a search's proof leaves the transfer's reserve alone. */
  getStepTransaction(
    params: GetStepTransactionParameters & { priority?: RequestPriority },
  ): Action<'getStepTransaction'>;
  /** Chain IDs are the extension's own record of the transfer (a dialect may omit them in its answer). */
  getStatus(params: GetLifiStatusParameters): Action<'getStatus'>;
  /** The service's gas suggestion for gas on arrival (LI.FI's; undefined from the spec's service). */
  getGasSuggestion(params: GetGasSuggestionParameters): Action<'getGasSuggestion'>;
  /**
   * Epoch ms until which requests of `group` (default route searches) are held because the service asked (a 429's
   * reset, or an exhausted allowance); 0 when nothing is held. The popup shows it instead of an unexplained wait.
   */
  heldUntil(group?: EndpointGroup): number;
  /** What is left of each endpoint group's allowance, read from the service's rate-limit headers. */
  readonly allowance: Allowance;
  /** The background's clock, which the queue and the allowance read (a simulated one in tests and the bench). */
  now(): number;
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
  const now = options.queue?.now ?? Date.now;
  // LI.FI limits each endpoint group on its own; the spec's service has one window for all.
  const allowance = createAllowance({ now, shared: () => built?.client.config.dialect !== 'lifi' });
  // A 429 of one LI.FI group (route searches spent for two hours) holds that group only, not status checks.
  const groupScoped = (err: RateLimitError) =>
    built?.client.config.dialect === 'lifi' && endpointGroupOf(pathOf(err.url)) !== 'other';
  const queue = createRequestQueue({ ...options.queue, holdsEverything: (err) => !groupScoped(err) });
  let built: Current | undefined;
  let building: { settings: Settings; current: Promise<Current> } | undefined;
  options.settings.subscribe(() => {
    built = undefined;
  });

  /** Every answer's rate-limit headers, read for the endpoint group that answered. */
  const observingFetch =
    (dialect: ApiDialect): typeof fetch =>
    async (input, init) => {
      const fetchFn = options.fetch ?? globalThis.fetch;
      const response = await fetchFn(input, init);
      const state = readRateLimitHeaders(response.headers, now(), DIALECT_HEADERS[dialect].rateLimit);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (state) allowance.observe(pathOf(url), state);
      return response;
    };

  const clientFor = (settings: Settings, dialect: ApiDialect) =>
    createRoutingClient({
      baseUrl: settings.apiBaseUrl,
      apiKey: settings.apiKey,
      dialect,
      fetch: observingFetch(dialect),
      // LI.FI's last answer may be another group's: the allowance below holds per group instead.
      holdWhenExhausted: dialect !== 'lifi',
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

  // One detection per base URL at a time: the catalog's tag (catalogSource) and a request may both ask at once.
  let probing: { baseUrl: string; dialect: Promise<ApiDialect> } | undefined;

  function resolveDialect(settings: Settings, signal: AbortSignal | undefined): Promise<ApiDialect> {
    if (settings.apiDialect !== 'auto') return Promise.resolve(settings.apiDialect);
    if (settings.apiBaseUrl === LIFI_BASE_URL) return Promise.resolve('lifi');
    if (probing?.baseUrl === settings.apiBaseUrl) return probing.dialect;
    const dialect = detectDialectOf(settings, signal);
    probing = { baseUrl: settings.apiBaseUrl, dialect };
    const done = () => {
      if (probing?.dialect === dialect) probing = undefined;
    };
    dialect.then(done, done);
    return dialect;
  }

  async function detectDialectOf(settings: Settings, signal: AbortSignal | undefined): Promise<ApiDialect> {
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

  // Status checks spend the group they are counted in (LI.FI's "other endpoints"; the spec's one window).
  const budget = createRequestBudget({ now, state: () => allowance.observed('other') });
  const run = <T>(fn: (c: Current, signal: AbortSignal | undefined) => Promise<T>, signal?: AbortSignal) =>
    queue.run(async (s) => fn(await current(s), s), signal);

  /**
   * Sends a request of `group` for `priority` only when the allowance has room for it: the card and refreshes above
   * the transfer's reserve, the transfer while anything is left. A 429 holds the group until its reset, and nothing
   * of it is sent into that hold.
   */
  const admitted = async <T>(
    group: EndpointGroup,
    priority: RequestPriority,
    path: string,
    send: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> => {
    let until = allowance.take(group, priority);
    // The person's own request waits out a short hold in line (the popup counts it down); a long one (an allowance
    // spent for hours) is refused at once with its end, and nothing is sent into it.
    while (until > 0 && priority === 'transfer' && until - now() <= SHORT_HOLD_MS) {
      await abortableSleep(Math.max(0, until - now()), signal);
      until = allowance.take(group, priority);
    }
    if (until > 0) {
      if (priority !== 'transfer') throw new AllowanceReservedError(until);
      throw new RateLimitError({
        status: 429,
        url: path,
        method: 'POST',
        retryAfterMs: until - now(),
        body: {
          message: `Nothing left of the ${group} allowance until ${new Date(until).toISOString()}; not sent.`,
          code: 1005,
        },
      });
    }
    try {
      return await send();
    } catch (err) {
      if (err instanceof RateLimitError && err.retryAfterMs !== undefined) {
        allowance.hold(group, now() + err.retryAfterMs);
      }
      throw err;
    }
  };

  return {
    queue,
    budget,
    allowance,
    now,
    heldUntil(group = 'routes') {
      const t = now();
      const until = Math.max(queue.pausedUntil(), allowance.heldUntil(group));
      return until > t ? until : 0;
    },
    source: async () => (await options.settings.get()).apiBaseUrl.replace(/\/+$/, ''),
    catalogSource: async () => {
      const { client } = await current();
      return `${client.config.baseUrl.replace(/\/+$/, '')} (${client.config.dialect})`;
    },
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
    getRoutes: ({ priority = 'transfer', ...params }) =>
      admitted(
        'routes',
        priority,
        '/v1/advanced/routes',
        () => run((c) => c.actions.getRoutes(c.client, params), params.signal),
        params.signal,
      ),
    getStepTransaction: ({ priority = 'transfer', ...params }) =>
      admitted(
        'step',
        priority,
        '/v1/advanced/stepTransaction',
        () => run((c) => c.actions.getStepTransaction(c.client, params), params.signal),
        params.signal,
      ),
    getStatus: (params) => run((c) => c.actions.getStatus(c.client, params), params.signal),
    getGasSuggestion: (params) => run((c) => c.actions.getGasSuggestion(c.client, params), params.signal),
  };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
