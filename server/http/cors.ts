/**
 * CORS for the extension (chrome-extension:// and moz-extension:// origins) and any page-less client: the service
 * uses no cookies, so `*` is safe, and the key travels in X-API-Key, which must be allowed explicitly.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, ETag, Content-Encoding',
};

/** The lifi dialect: LI.FI's header names (the SDK sends x-lifi-integrator and x-lifi-sdk on every request). */
export const LIFI_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'ratelimit-limit, ratelimit-remaining, ratelimit-reset, Retry-After, ETag, Content-Encoding',
};

export const LIFI_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'Content-Type, x-lifi-api-key, x-lifi-integrator, x-lifi-sdk, x-lifi-widget, x-lifi-userid, If-None-Match, Accept-Encoding',
  'access-control-max-age': '600',
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, X-API-Key, If-None-Match, Accept-Encoding',
  'access-control-max-age': '600',
};
