import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../src/schemas/error';
import { ApiError } from '../http/apiError';
import type { RateLimitOptions } from '../options';
import type { ResolvedKey } from './keyConfig';
import { type RateDecision, RateLimiter } from './rateLimiter';
import { DEFAULT_TIERS, type TierLimits, UNLIMITED } from './tiers';

/** Who is calling: a known key (counted per key) or nobody (counted per client address on the Free tier). */
export type Caller = { identity: string; limits: TierLimits; key?: ResolvedKey };

export function rateHeaders(decision: RateDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetSec),
  };
}

/**
 * Authentication and rate limiting. An unknown key is a 401 (code 1010) rather than a silent downgrade to Free, so a
 * misconfigured client learns at once; the proxy headers are not trusted (the address is the socket's).
 */
export class AccessControl {
  private readonly limiter: RateLimiter;
  private readonly free: TierLimits;

  constructor(
    private readonly keys: ReadonlyMap<string, ResolvedKey>,
    private readonly options: RateLimitOptions = {},
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
    const header = req.headers['x-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') return this.keyless(req);
    const resolved = this.keys.get(key);
    if (!resolved) {
      const caller = this.keyless(req);
      throw new ApiError(401, ErrorCode.Unauthorized, 'Unknown API key: check the X-API-Key header or omit it', {
        headers: rateHeaders(this.limiter.check(caller.identity, caller.limits, false)),
      });
    }
    const tierOverride =
      resolved.tier === 'free' || resolved.tier === 'standard' ? this.options.tiers?.[resolved.tier] : undefined;
    return { identity: `key:${resolved.key}`, limits: this.limitsOf(tierOverride ?? resolved.limits), key: resolved };
  }

  /** Counts the request (or only peeks, for preflights); over the limit -> 429 with Retry-After. */
  admit(caller: Caller, consume = true): Record<string, string> {
    const decision = this.limiter.check(caller.identity, caller.limits, consume);
    const headers = rateHeaders(decision);
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
