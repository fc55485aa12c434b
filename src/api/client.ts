import * as v from 'valibot';
import { ErrorBodySchema } from '../schemas/error';
import { type ApiDialect, DIALECT_HEADERS, LIFI_INTEGRATOR } from './dialect';
import {
  AbortedError,
  HttpRequestError,
  InvalidResponseError,
  NetworkError,
  RateLimitError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
} from './errors';
import { buildQuery, type QueryValue } from './query';
import { holdForRateLimit, type RateLimitState, rateLimitWaitMs, readRateLimitHeaders } from './rateLimit';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryConfig } from './retry';
import { abortableSleep } from './sleep';
import { parseResponse } from './validate';

export type RoutingRequestInfo = { method: string; path: string; url: string; attempt: number };

export type RoutingClientConfig = {
  /** Base URL of the service, e.g. `http://127.0.0.1:8787` (a trailing slash is ignored). */
  baseUrl: string;
  /** Sent as `X-API-Key` (spec) or `x-lifi-api-key` (lifi); an empty string means no key (settings store ''). */
  apiKey?: string | undefined;
  /** Which API the service speaks: decides the key and rate-limit header names. Default `spec`. */
  dialect?: ApiDialect | undefined;
  /** Per attempt, body included. Default 15000. */
  timeoutMs?: number | undefined;
  retry?: Partial<RetryConfig> | undefined;
  /** Hold a request until the window resets when the last response said none are left. Default true. */
  holdWhenExhausted?: boolean | undefined;
  fetch?: typeof fetch | undefined;
  /** Called with the new state after every response that carries rate-limit headers. */
  onRateLimit?: ((state: RateLimitState) => void) | undefined;
  /** Called before every HTTP attempt (retries included). */
  onRequest?: ((info: RoutingRequestInfo) => void) | undefined;
  /** Largest body accepted per path, replacing RESPONSE_LIMITS entries (tests); other paths keep theirs. */
  responseLimits?: Readonly<Record<string, number>> | undefined;
  /**
   * A rate-limit state to start from (another client's, for the same service and key). Nothing in the extension
   * passes it today: the background's client, rebuilt after any settings change, starts without one.
   */
  initialRateLimit?: RateLimitState | undefined;
  /** Test seams for deterministic backoff: how to wait, jitter source, clock. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  random?: (() => number) | undefined;
  now?: (() => number) | undefined;
};

export type ResolvedRoutingClientConfig = Readonly<{
  baseUrl: string;
  apiKey: string | undefined;
  dialect: ApiDialect;
  timeoutMs: number;
  retry: Readonly<RetryConfig>;
  holdWhenExhausted: boolean;
}>;

export type RequestOptions<TSchema extends v.GenericSchema> = {
  method: 'GET' | 'POST';
  /** Path below the base URL, e.g. `/v1/quote`. */
  path: `/${string}`;
  query?: Record<string, QueryValue> | undefined;
  /** JSON-encoded; sent with `Content-Type: application/json`. */
  body?: unknown;
  /** Spec schema the 2xx body must satisfy. */
  schema: TSchema;
  signal?: AbortSignal | undefined;
};

export type RoutingClient = {
  readonly config: ResolvedRoutingClientConfig;
  /** Latest rate-limit state reported by the service, undefined until a response carried the headers. */
  readonly rateLimit: RateLimitState | undefined;
  request<TSchema extends v.GenericSchema>(options: RequestOptions<TSchema>): Promise<v.InferOutput<TSchema>>;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

const MiB = 1024 * 1024;
/**
 * Largest body accepted per endpoint, decoded bytes. Without a cap a hostile or broken service fills the
 * background's memory (the whole body is read before it is parsed). Each is several times the largest answer seen:
 * the large catalog's /v1/tokens is 3.6 MiB (21,057 tokens), LI.FI's all-chains list a few MiB more; a routes answer
 * is tens of KB.
 */
export const RESPONSE_LIMITS: Readonly<Record<string, number>> = {
  '/v1/tokens': 32 * MiB,
  '/v1/chains': 4 * MiB,
  '/v1/tools': 4 * MiB,
  '/v1/advanced/routes': 4 * MiB,
  '/v1/quote': 2 * MiB,
  '/v1/advanced/stepTransaction': 2 * MiB,
  '/v1/status': 1 * MiB,
};
/** Any other path, error bodies included. */
export const DEFAULT_RESPONSE_LIMIT = 1 * MiB;

/**
 * Reads the body as text, refusing it unread when Content-Length announces more than `limit`, and stopping (and
 * cancelling the download) as soon as the decoded bytes pass it. Content-Length counts the compressed bytes of a
 * gzip answer, so the running count is the check that always holds.
 */
async function readCapped(response: Response, limit: number, tooLarge: (announced?: number) => Error): Promise<string> {
  const announced = Number(response.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(announced);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Cheap to create (no timers, no I/O): the background builds a new one whenever the settings change. */
export function createRoutingClient(config: RoutingClientConfig): RoutingClient {
  const resolved: ResolvedRoutingClientConfig = Object.freeze({
    baseUrl: config.baseUrl.replace(/\/+$/, ''),
    apiKey: config.apiKey?.trim() || undefined,
    dialect: config.dialect ?? 'spec',
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: Object.freeze({ ...DEFAULT_RETRY, ...definedOnly(config.retry ?? {}) }),
    holdWhenExhausted: config.holdWhenExhausted ?? true,
  });
  const now = config.now ?? Date.now;
  const sleep = config.sleep ?? abortableSleep;
  const random = config.random ?? Math.random;
  let rateLimit: RateLimitState | undefined = config.initialRateLimit;
  const limits = { ...RESPONSE_LIMITS, ...config.responseLimits };

  function noteHeaders(headers: Headers) {
    const state = readRateLimitHeaders(headers, now(), DIALECT_HEADERS[resolved.dialect].rateLimit);
    if (!state) return;
    rateLimit = state;
    try {
      config.onRateLimit?.(state);
    } catch {
      // A listener's bug must not turn a good answer into a failed request.
    }
  }

  async function attempt<TSchema extends v.GenericSchema>(
    options: RequestOptions<TSchema>,
    url: string,
    attemptNumber: number,
  ): Promise<v.InferOutput<TSchema>> {
    const { method, signal } = options;
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('time-out'));
    }, resolved.timeoutMs);

    // Which of the three ways a fetch can fail: the caller's abort wins over our time-out, both over the network.
    const failure = (cause: unknown) => {
      if (signal?.aborted) return new AbortedError({ cause: signal.reason });
      if (timedOut) return new TimeoutError({ url, method, timeoutMs: resolved.timeoutMs });
      return new NetworkError({ url, method, cause });
    };

    try {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (resolved.apiKey) headers[DIALECT_HEADERS[resolved.dialect].apiKey] = resolved.apiKey;
      // LI.FI attributes every request to the integration that names itself here (its SDK sends it too), key or not.
      if (resolved.dialect === 'lifi') headers['x-lifi-integrator'] = LIFI_INTEGRATOR;
      config.onRequest?.({ method, path: options.path, url, attempt: attemptNumber });

      // Called through a local binding: window.fetch throws "Illegal invocation" when called as another object's method.
      const fetchFn = config.fetch ?? globalThis.fetch;
      const limitBytes = limits[options.path] ?? DEFAULT_RESPONSE_LIMIT;
      const tooLarge = (announcedBytes?: number) =>
        new ResponseTooLargeError({ url, method, limitBytes, announcedBytes });
      let response: Response;
      let text: string;
      try {
        response = await fetchFn(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: controller.signal,
        });
        noteHeaders(response.headers);
        text = await readCapped(response, limitBytes, tooLarge);
      } catch (cause) {
        if (cause instanceof ResponseTooLargeError) throw cause;
        throw failure(cause);
      }

      if (!response.ok) throw httpError(response, text, url, method);

      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (cause) {
        throw new InvalidResponseError({ url, method, status: response.status, bodyText: text, cause });
      }
      return parseResponse(options.schema, data, { url, method });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function httpError(response: Response, text: string, url: string, method: string): HttpRequestError {
    let responseBody: unknown = text;
    try {
      responseBody = JSON.parse(text);
    } catch {
      // Proxies answer errors in HTML or plain text; keep the text as the raw body.
    }
    const parsed = v.safeParse(ErrorBodySchema, responseBody);
    const params = {
      status: response.status,
      url,
      method,
      responseBody,
      body: parsed.success ? parsed.output : undefined,
    };
    if (response.status === 429) {
      const retryAfterMs =
        parseRetryAfter(response.headers.get('retry-after'), now()) ?? positive(rateLimitWaitMs(rateLimit, now()));
      return new RateLimitError({ ...params, retryAfterMs });
    }
    if (response.status >= 500) return new ServerError(params);
    return new HttpRequestError(params);
  }

  function isRetryable(err: unknown, method: string): boolean {
    if (err instanceof RateLimitError || err instanceof ServerError || err instanceof NetworkError) return true;
    return err instanceof TimeoutError && method === 'GET';
  }

  async function request<TSchema extends v.GenericSchema>(
    options: RequestOptions<TSchema>,
  ): Promise<v.InferOutput<TSchema>> {
    const url = `${resolved.baseUrl}${options.path}${buildQuery(options.query ?? {})}`;
    const { signal } = options;
    for (let attemptNumber = 1; ; attemptNumber++) {
      if (signal?.aborted) throw new AbortedError({ cause: signal.reason });
      if (resolved.holdWhenExhausted) {
        await holdForRateLimit({
          state: rateLimit,
          now: now(),
          capMs: resolved.retry.retryAfterCapMs,
          url,
          method: options.method,
          sleep,
          signal,
        });
      }
      try {
        return await attempt(options, url, attemptNumber);
      } catch (err) {
        if (attemptNumber >= resolved.retry.attempts || !isRetryable(err, options.method)) throw err;
        let delay = backoffDelay(attemptNumber, resolved.retry, random);
        if (err instanceof RateLimitError && err.retryAfterMs !== undefined) {
          // The service said how long; waiting less provokes another 429, waiting past the cap is a hang.
          if (err.retryAfterMs > resolved.retry.retryAfterCapMs) throw err;
          delay = Math.max(delay, err.retryAfterMs);
        }
        await sleep(delay, signal);
      }
    }
  }

  return {
    config: resolved,
    get rateLimit() {
      return rateLimit;
    },
    request,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function positive(ms: number): number | undefined {
  return ms > 0 ? ms : undefined;
}
