/**
 * The two API dialects the extension speaks: the routing-service interface (`spec`, what the reference service
 * implements) and LI.FI's production API (`lifi`, https://li.quest). Everything past the adapters uses one internal
 * model; only the wire differs.
 */
export const API_DIALECTS = ['spec', 'lifi'] as const;
export type ApiDialect = (typeof API_DIALECTS)[number];

export type RateLimitHeaderNames = { limit: string; remaining: string; reset: string };

/** Header names per dialect: where the key goes, and where the rate-limit state comes back. */
export const DIALECT_HEADERS: Record<ApiDialect, { apiKey: string; rateLimit: RateLimitHeaderNames }> = {
  spec: {
    apiKey: 'x-api-key',
    rateLimit: { limit: 'x-ratelimit-limit', remaining: 'x-ratelimit-remaining', reset: 'x-ratelimit-reset' },
  },
  // LI.FI reads x-lifi-api-key and answers with the IETF draft names; its reset is seconds from now.
  lifi: {
    apiKey: 'x-lifi-api-key',
    rateLimit: { limit: 'ratelimit-limit', remaining: 'ratelimit-remaining', reset: 'ratelimit-reset' },
  },
};

/** Base URL of LI.FI's production API: the "LI.FI (li.quest)" preset. */
export const LIFI_BASE_URL = 'https://li.quest';

/** Sent as `integrator` to LI.FI, which asks every integration to name itself. */
export const LIFI_INTEGRATOR = 'bridge-companion';

/**
 * Which dialect a chain listing (`GET /v1/chains` body) is written in: LI.FI's chains carry `metamask` (EVM ones
 * also `diamondAddress`), the spec's `wallet`. `metamask` alone is enough: LI.FI's own examples list chains without
 * `diamondAddress`, and the spec never uses that name. Undefined when the body shows neither (then the person
 * chooses in Settings).
 */
export function detectDialect(body: unknown): ApiDialect | undefined {
  const chains = isRecord(body) && Array.isArray(body.chains) ? body.chains.filter(isRecord) : [];
  if (chains.some((chain) => isRecord(chain.metamask))) return 'lifi';
  if (chains.some((chain) => isRecord(chain.wallet))) return 'spec';
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
