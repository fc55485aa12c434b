import * as v from 'valibot';
import { i18n } from '#i18n';
import { isAcceptableRpcUrl } from '../chains/trustedRpc';
import { isLoopbackHost } from '../format/links';
import { API_DIALECT_SETTINGS, LANGUAGE_SETTINGS, THEME_SETTINGS } from '../model/settings';
import { ROUTE_ORDERS } from '../schemas/requests';

/** Same rule as the service's bridge keys (src/schemas/requests.ts). */
const BridgeKeySchema = v.pipe(
  v.string('must be a tool key'),
  v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/i, 'must be a tool key'),
);
const BridgeListSchema = v.pipe(v.array(BridgeKeySchema, 'must be a list of tool keys'), v.maxLength(100, 'too many'));

function readBaseUrl(input: string): URL | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

/** The highest default slippage a person may set (50 %): above it a "minimum received" protects nothing. */
export const MAX_SLIPPAGE = 0.5;

/**
 * Why `fraction` cannot be the default slippage, in words for the Settings form, or undefined when it can. The
 * background refuses the same values (SettingsPatchSchema), so the form says so instead of seeming to save.
 */
export function slippageProblem(fraction: number): string | undefined {
  return Number.isFinite(fraction) && fraction >= 0 && fraction <= MAX_SLIPPAGE
    ? undefined
    : i18n.t('popup.settings.slippageRange', [String(MAX_SLIPPAGE * 100)]);
}

const urlShapeProblem = () => i18n.t('bg.urlShape');
const clearTextProblem = () => i18n.t('bg.clearText');

/**
 * Why `input` cannot be the service's base URL, or undefined when it can. http(s) only, no credentials (they would
 * ride along in logs and error details), no query or fragment (paths are appended), and plain http only on a
 * loopback host (the reference service and devnets): anywhere else the X-API-Key header, and every address and
 * amount asked about, would cross the network unencrypted. Also used by the Settings form to say so before saving.
 */
export function apiBaseUrlProblem(input: string): string | undefined {
  const url = readBaseUrl(input.trim());
  if (
    url === null ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  )
    return urlShapeProblem();
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return clearTextProblem();
  return undefined;
}

const ApiBaseUrlSchema = v.pipe(
  v.string('must be a URL'),
  v.trim(),
  v.check((s) => apiBaseUrlProblem(s) !== urlShapeProblem(), urlShapeProblem),
  v.check((s) => apiBaseUrlProblem(s) !== clearTextProblem(), clearTextProblem),
  v.transform((s) => s.replace(/\/+$/, '')),
);

/** Custom messages only: valibot's defaults quote the received value, and this one is a secret. */
const ApiKeySchema = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.maxLength(512, 'is too long'),
  v.regex(/^[\x21-\x7e]*$/, 'may only contain printable characters without spaces'),
);

/**
 * The person's own RPC per chain (decimal chain ID → URL), replacing the whole map: https anywhere, plain http on
 * loopback only, no credentials (src/chains/trustedRpc.ts). Sent transactions are checked through these.
 */
const RpcUrlsSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, 'must be keyed by chain ID')),
    v.pipe(
      v.string('must be a URL'),
      v.trim(),
      v.maxLength(2048, 'is too long'),
      v.check(isAcceptableRpcUrl, 'must be an https URL (or http on this computer) without credentials'),
    ),
    'must map chain IDs to RPC URLs',
  ),
  v.check((map) => Object.keys(map).length <= 200, 'too many'),
);

export const SettingsPatchSchema = v.strictObject(
  {
    apiBaseUrl: v.optional(ApiBaseUrlSchema),
    apiKey: v.optional(ApiKeySchema),
    /** `auto` detects the dialect from the service's chain listing on first use and remembers it. */
    apiDialect: v.optional(v.picklist(API_DIALECT_SETTINGS, `must be one of ${API_DIALECT_SETTINGS.join(', ')}`)),
    slippage: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.finite('must be a number'),
        v.minValue(0, 'must be at least 0'),
        v.maxValue(MAX_SLIPPAGE, `must be at most ${MAX_SLIPPAGE} (${MAX_SLIPPAGE * 100} %)`),
      ),
    ),
    routeOrder: v.optional(v.picklist(ROUTE_ORDERS, `must be one of ${ROUTE_ORDERS.join(', ')}`)),
    bridges: v.optional(
      v.strictObject(
        { allow: BridgeListSchema, deny: BridgeListSchema, prefer: BridgeListSchema },
        'must have allow, deny and prefer lists only',
      ),
    ),
    notifications: v.optional(v.boolean('must be true or false')),
    inlineQuotes: v.optional(v.boolean('must be true or false')),
    showUnprovenRoutes: v.optional(v.boolean('must be true or false')),
    rpcUrls: v.optional(RpcUrlsSchema),
    theme: v.optional(v.picklist(THEME_SETTINGS, `must be one of ${THEME_SETTINGS.join(', ')}`)),
    language: v.optional(v.picklist(LANGUAGE_SETTINGS, `must be one of ${LANGUAGE_SETTINGS.join(', ')}`)),
  },
  'unknown setting',
);
