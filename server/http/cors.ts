/**
 * CORS for the extension (chrome-extension:// and moz-extension:// origins) and any page-less client: the service
 * uses no cookies, so `*` is safe, and the key travels in X-API-Key, which must be allowed explicitly.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, ETag, Content-Encoding',
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, X-API-Key, If-None-Match, Accept-Encoding',
  'access-control-max-age': '600',
};
