import { RemoteError } from '../messaging/reply';

/** Failures a wrong address, kind of service or key explains, rather than a busy or broken service. */
const SETTING_FAILURES = new Set([
  'SchemaError',
  'InvalidResponseError',
  'UnknownDialectError',
  'NetworkError',
  'ResponseTooLargeError',
]);
/** Statuses of a service that is not the one meant (no such path, a refused key, a method it does not serve). */
const SETTING_STATUSES = new Set([401, 403, 404, 405]);

/**
 * Whether a failure of the routing service may come from its settings (address, kind of service, API key): the
 * popup then points to Settings → Routing service. A 404 that carries LI.FI's "no route" code (1002) is the service
 * answering in its own words, not a wrong service.
 */
export function blamesServiceSettings(err: unknown): boolean {
  if (!(err instanceof RemoteError)) return false;
  if (SETTING_FAILURES.has(err.remoteName)) return true;
  return err.remoteName === 'HttpRequestError' && SETTING_STATUSES.has(err.status ?? 0) && err.code !== 1002;
}

/** Whether saving `next` changes which service is asked, or how: the catalog and routes are then asked again. */
export function serviceChanged(
  before: { apiBaseUrl: string; apiDialect: string; hasApiKey: boolean } | undefined,
  patch: { apiBaseUrl?: string; apiDialect?: string; apiKey?: string },
): boolean {
  if (!before) return true;
  return (
    (patch.apiBaseUrl !== undefined && patch.apiBaseUrl !== before.apiBaseUrl) ||
    (patch.apiDialect !== undefined && patch.apiDialect !== before.apiDialect) ||
    patch.apiKey !== undefined
  );
}
