import { i18n } from '#i18n';
import { BaseError } from '../errors/base';
import type { ErrorBody, ToolError } from '../schemas/error';

/**
 * Errors the routing client throws. `shortMessage` is written for the person using the wallet; the service's own
 * message and the technical facts go to `details` (and therefore into `message`, for logs).
 * `status` and `code` are public fields because `serializeError` (src/messaging/reply.ts) carries them across the
 * extension boundary.
 */

export type HttpRequestErrorParameters = {
  status: number;
  url: string;
  method: string;
  /** The error body, when it has the LI.FI shape `{message, code, errors?}`. */
  body?: ErrorBody | undefined;
  /** The raw decoded body (JSON value or text), whatever its shape. */
  responseBody?: unknown;
  shortMessage?: string;
  cause?: unknown;
};

/** The service answered with a non-2xx status. */
export class HttpRequestError extends BaseError {
  override name = 'HttpRequestError';
  readonly status: number;
  readonly url: string;
  readonly method: string;
  /** LI.FI error code (1002 no quote, 1007 slippage, …) when the body carries one. */
  readonly code: number | undefined;
  /** The service's own message, when the body carries one. */
  readonly serviceMessage: string | undefined;
  /** Per-tool reasons (`errors` of a "no quote" answer) or a field list for validation errors. */
  readonly errors: ErrorBody['errors'];
  readonly responseBody: unknown;

  constructor(parameters: HttpRequestErrorParameters) {
    const { status, url, method, body } = parameters;
    super(parameters.shortMessage ?? shortMessageFor(status, body?.code, body?.errors), {
      cause: parameters.cause,
      details: httpDetails(status, body),
      metaMessages: [`Request: ${method} ${url}`],
    });
    this.status = status;
    this.url = url;
    this.method = method;
    this.code = body?.code;
    this.serviceMessage = body?.message;
    this.errors = body?.errors;
    this.responseBody = parameters.responseBody;
  }

  /** Per-tool reasons of a "no quote" answer; empty when the body has none. */
  get toolErrors(): ToolError[] {
    return Array.isArray(this.errors) ? this.errors : [];
  }
}

/** 429: the service asks us to slow down. Thrown once retries are used up or the wait would exceed the cap. */
export class RateLimitError extends HttpRequestError {
  override name = 'RateLimitError';
  /** How long the service (Retry-After) or the rate-limit window asks to wait, when known. */
  readonly retryAfterMs: number | undefined;

  constructor(parameters: HttpRequestErrorParameters & { retryAfterMs?: number | undefined }) {
    super({ ...parameters, shortMessage: parameters.shortMessage ?? rateLimitShortMessage(parameters.retryAfterMs) });
    this.retryAfterMs = parameters.retryAfterMs;
  }
}

/** 5xx: the service failed. Retried before it reaches a caller. */
export class ServerError extends HttpRequestError {
  override name = 'ServerError';
}

/** The request never got an HTTP answer (DNS, refused connection, reset socket, offline). */
export class NetworkError extends BaseError {
  override name = 'NetworkError';
  readonly url: string;
  constructor(parameters: { url: string; method: string; cause?: unknown }) {
    // Named by host: it is the service that did not answer, which may be down while the person's connection is fine.
    super(i18n.t('api.unreachable', [hostOf(parameters.url)]), {
      cause: parameters.cause,
      metaMessages: [`Request: ${parameters.method} ${parameters.url}`],
    });
    this.url = parameters.url;
  }
}

/** No answer within the client's time-out (distinct from a caller's abort). */
export class TimeoutError extends BaseError {
  override name = 'TimeoutError';
  readonly url: string;
  readonly timeoutMs: number;
  constructor(parameters: { url: string; method: string; timeoutMs: number }) {
    super(i18n.t('api.timeout'), {
      details: `No answer within ${parameters.timeoutMs} ms.`,
      metaMessages: [`Request: ${parameters.method} ${parameters.url}`],
    });
    this.url = parameters.url;
    this.timeoutMs = parameters.timeoutMs;
  }
}

/** The caller aborted (its AbortSignal fired) during the request, a backoff or a rate-limit wait. */
export class AbortedError extends BaseError {
  override name = 'AbortedError';
  constructor(parameters: { cause?: unknown } = {}) {
    super(i18n.t('api.cancelled'), { cause: parameters.cause, details: 'Aborted by the caller.' });
  }
}

/** A 2xx body that is not JSON at all. */
export class InvalidResponseError extends BaseError {
  override name = 'InvalidResponseError';
  readonly url: string;
  readonly status: number;
  readonly bodyText: string;
  constructor(parameters: { url: string; method: string; status: number; bodyText: string; cause?: unknown }) {
    super(i18n.t('api.unreadable'), {
      cause: parameters.cause,
      details: `Body is not JSON: ${truncate(parameters.bodyText, 200)}`,
      metaMessages: [`Request: ${parameters.method} ${parameters.url}`],
    });
    this.url = parameters.url;
    this.status = parameters.status;
    this.bodyText = parameters.bodyText;
  }
}

/**
 * An answer larger than this client accepts for the endpoint (announced by Content-Length, or counted while
 * reading). Never retried: a service that sends 100 MB once will send it again, and every copy is read into the
 * background's memory.
 */
export class ResponseTooLargeError extends BaseError {
  override name = 'ResponseTooLargeError';
  readonly url: string;
  readonly limitBytes: number;
  constructor(parameters: { url: string; method: string; limitBytes: number; announcedBytes?: number }) {
    const { limitBytes, announcedBytes } = parameters;
    super(i18n.t('api.tooLarge'), {
      details:
        announcedBytes === undefined
          ? `Body passed ${limitBytes} bytes while reading; stopped there.`
          : `Content-Length ${announcedBytes} exceeds the ${limitBytes}-byte limit; not read.`,
      metaMessages: [`Request: ${parameters.method} ${parameters.url}`],
    });
    this.url = parameters.url;
    this.limitBytes = limitBytes;
  }
}

/** A JSON body that breaks the spec. `paths` name the offending fields, e.g. `routes[0].estimate.toAmount`. */
export class SchemaError extends BaseError {
  override name = 'SchemaError';
  readonly url: string;
  readonly paths: string[];
  readonly issues: string[];
  constructor(parameters: { url: string; method: string; paths: string[]; issues: string[] }) {
    super(i18n.t('api.notUnderstood'), {
      details: `Response breaks the spec at ${parameters.issues.join('; ')}`,
      metaMessages: [`Request: ${parameters.method} ${parameters.url}`],
    });
    this.url = parameters.url;
    this.paths = parameters.paths;
    this.issues = parameters.issues;
  }
}

/** Every error a routing action may throw. */
export type RequestErrorType =
  | HttpRequestError
  | RateLimitError
  | ServerError
  | NetworkError
  | TimeoutError
  | AbortedError
  | InvalidResponseError
  | ResponseTooLargeError
  | SchemaError;

function rateLimitShortMessage(retryAfterMs: number | undefined): string {
  if (retryAfterMs !== undefined && retryAfterMs > 10_000) {
    const seconds = Math.ceil(retryAfterMs / 1000);
    return seconds > 90
      ? i18n.t('api.busyMinutes', [String(Math.ceil(seconds / 60))])
      : i18n.t('api.busySeconds', [String(seconds)]);
  }
  return i18n.t('api.busy');
}

/** Plain words for a status and LI.FI code. The code wins over the status: it is the more specific of the two. */
export function shortMessageFor(status: number, code: number | undefined, errors?: ErrorBody['errors']): string {
  if (code === 1002 || (status === 404 && Array.isArray(errors) && errors.length > 0)) return i18n.t('api.noRoute');
  if (status === 409 || code === 1007) return i18n.t('api.slippage');
  if (status === 429 || code === 1005) return rateLimitShortMessage(undefined);
  if (status === 401 || status === 403 || code === 1010) return i18n.t('api.badKey');
  if (code === 1001) return i18n.t('api.notPrepared');
  if (status === 424 || code === 1008 || code === 1012) return i18n.t('api.toolSilent');
  if (status === 400 || code === 1011 || code === 1013) return i18n.t('api.refused');
  if (status === 404 || code === 1003) return i18n.t('api.notFound');
  if (status >= 500) return i18n.t('api.serverProblem');
  return i18n.t('api.httpError', [String(status)]);
}

function httpDetails(status: number, body: ErrorBody | undefined): string {
  const parts = [`HTTP ${status}${body?.code === undefined ? '' : `, code ${body.code}`}`];
  if (body?.message) parts.push(body.message);
  const reasons = summariseToolErrors(body?.errors);
  if (reasons) parts.push(reasons);
  return parts.join(': ');
}

/** "across: AMOUNT_TOO_LOW (amount too low); stargate: NO_POSSIBLE_ROUTE" from a "no quote" body. */
export function summariseToolErrors(errors: ErrorBody['errors']): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const lines = errors.slice(0, 6).map((e) => {
    const head = [e.tool, e.code === undefined ? undefined : String(e.code)].filter(Boolean).join(': ');
    return e.message ? `${head || 'tool'} (${e.message})` : head || 'unknown reason';
  });
  if (errors.length > 6) lines.push(`and ${errors.length - 6} more`);
  return lines.join('; ');
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A custom service whose chain listing matches neither dialect: the person picks the dialect in Settings. */
export class UnknownDialectError extends BaseError {
  override name = 'UnknownDialectError';
  readonly url: string;
  constructor(parameters: { url: string }) {
    super(i18n.t('api.unknownDialect'), {
      details: 'The chain listing has neither `wallet` (the spec) nor `metamask` and `diamondAddress` (LI.FI).',
      metaMessages: [`Request: GET ${parameters.url}`],
    });
    this.url = parameters.url;
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
