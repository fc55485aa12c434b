import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../src/schemas/error';
import { ApiError } from '../http/apiError';
import type { RateLimitOptions } from '../options';
import type { ResolvedKey } from './keyConfig';
import { type RateDecision, RateLimiter } from './rateLimiter';
import { DEFAULT_TIERS, EXPLORER_LIMITS, type TierLimits, UNLIMITED } from './tiers';

/** Who is calling: a known key (counted per key) or nobody (counted per client address on the Free tier). */
export type Caller = { identity: string; limits: TierLimits; key?: ResolvedKey };

/**
 * What the server asks of a dialect's access control: who is calling, counting a request to a path, and the devnet
 * explorer's pages. The spec's tiers (below) ignore the path; LI.FI's limits (lifiAccess.ts) count per endpoint group.
 */
export interface Admission {
  identify(req: IncomingMessage, pathname?: string): Caller;
  admit(caller: Caller, consume?: boolean, pathname?: string): Record<string, string>;
  admitExplorer(req: IncomingMessage): Record<string, string>;
}

/** Header names per dialect: the spec's `X-API-Key`/`X-RateLimit-*`, LI.FI's `x-lifi-api-key`/`ratelimit-*`. */
export type AccessHeaders = { key: string; ratePrefix: string };
export const SPEC_ACCESS_HEADERS: AccessHeaders = { key: 'x-api-key', ratePrefix: 'x-ratelimit-' };
export const LIFI_ACCESS_HEADERS: AccessHeaders = { key: 'x-lifi-api-key', ratePrefix: 'ratelimit-' };

export function rateHeaders(decision: RateDecision, prefix = SPEC_ACCESS_HEADERS.ratePrefix): Record<string, string> {
  return {
    [`${prefix}limit`]: String(decision.limit),
    [`${prefix}remaining`]: String(decision.remaining),
    [`${prefix}reset`]: String(decision.resetSec),
  };
}

/**
 * Authentication and rate limiting. An unknown key is a 401 (code 1010) rather than a silent downgrade to Free, so a
 * misconfigured client learns at once; it counts against the address's keyless window like any request, so guessing
 * keys costs the guesser its rate limit (and a 429 once spent). The proxy headers are not trusted (the address is
 * the socket's).
 */
export class AccessControl implements Admission {
  private readonly limiter: RateLimiter;
  private readonly free: TierLimits;

  constructor(
    private readonly keys: ReadonlyMap<string, ResolvedKey>,
    private readonly options: RateLimitOptions = {},
    private readonly names: AccessHeaders = SPEC_ACCESS_HEADERS,
  ) {
    this.limiter = new RateLimiter(options.now);
    this.free = options.tiers?.free ?? DEFAULT_TIERS.free;
  }

  private keyless(req: IncomingMessage): Caller {
    return { identity: `ip:${req.socket.remoteAddress ?? 'unknown'}`, limits: this.limitsOf(this.free) };
  }

  private limitsOf(limits: TierLimits): TierLimits {
    return this.options.disabled ? UNLIMITED : limits;
  }

  /** The caller, or a 401 carrying the keyless window's headers. */
  identify(req: IncomingMessage): Caller {
    const header = req.headers[this.names.key];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') return this.keyless(req);
    const resolved = this.keys.get(key);
    if (!resolved) {
      // Counted (a guess is a request) before it is refused; past the window it is a 429 like any other.
      this.admit(this.keyless(req));
      const caller = this.keyless(req);
      throw new ApiError(
        401,
        ErrorCode.Unauthorized,
        `Unknown API key: check the ${this.names.key} header or omit it`,
        {
          headers: rateHeaders(this.limiter.check(caller.identity, caller.limits, false), this.names.ratePrefix),
        },
      );
    }
    const tierOverride =
      resolved.tier === 'free' || resolved.tier === 'standard' ? this.options.tiers?.[resolved.tier] : undefined;
    return { identity: `key:${resolved.key}`, limits: this.limitsOf(tierOverride ?? resolved.limits), key: resolved };
  }

  /** Counts one devnet explorer page for the client address; over its budget -> 429 with Retry-After. */
  admitExplorer(req: IncomingMessage): Record<string, string> {
    const limits = this.limitsOf(this.options.tiers?.explorer ?? EXPLORER_LIMITS);
    return this.admit({ identity: `explorer:${req.socket.remoteAddress ?? 'unknown'}`, limits });
  }

  /** Counts the request (or only peeks, for preflights); over the limit -> 429 with Retry-After. */
  admit(caller: Caller, consume = true): Record<string, string> {
    const decision = this.limiter.check(caller.identity, caller.limits, consume);
    const headers = rateHeaders(decision, this.names.ratePrefix);
    if (!decision.allowed) {
      throw new ApiError(
        429,
        ErrorCode.RateLimit,
        `Rate limit exceeded: ${decision.limit} requests per ${decision.limit === caller.limits.perHour ? 'hour' : 'minute'}; retry in ${decision.resetSec} s`,
        { headers: { ...headers, 'retry-after': String(decision.resetSec) } },
      );
    }
    return headers;
  }
}
