import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../src/schemas/error';
import { ApiError } from '../http/apiError';
import type { RateLimitOptions } from '../options';
import { AccessControl, type Admission, type Caller, LIFI_ACCESS_HEADERS, rateHeaders } from './access';
import type { ResolvedKey } from './keyConfig';
import {
  FirstRequestWindows,
  type GroupLimit,
  LIFI_DEFAULT_KEY_RPM,
  LIFI_KEY_WINDOW_MINUTES,
  LIFI_KEYLESS_LIMITS,
  type LifiGroup,
  lifiGroupOf,
  RollingWindows,
  TWO_HOURS_MS,
} from './lifiLimits';
import type { RateDecision } from './rateLimiter';
import { UNLIMITED } from './tiers';

/** What unlimited keys report, so clients reading the headers as integers never see "Infinity". */
const UNLIMITED_REPORT = 2_147_483_647;

/**
 * LI.FI's limits in the LI.FI dialect: keyless callers per client address and endpoint group (`/quote` 75 and
 * `/advanced/routes` 75 per two hours, `/advanced/stepTransaction` 50 per two hours, the rest 100 per minute); a key
 * its RPM (its entry's `perMinute`, else 100) × 120 over a rolling two hours for every endpoint; an `unlimited` key
 * (benchmarks) nothing. Headers `ratelimit-limit/remaining/reset` (seconds, ≤ 7,200); past the limit a 429 with code
 * 1005 and Retry-After. An unknown key is a 401 counted against the address's group, as in the spec dialect. The
 * devnet explorer keeps the spec dialect's per-address budget.
 */
export class LifiAccessControl implements Admission {
  private readonly keyless = new FirstRequestWindows();
  private readonly keyed = new RollingWindows();
  private readonly explorer: AccessControl;
  private readonly now: () => number;

  constructor(
    private readonly keys: ReadonlyMap<string, ResolvedKey>,
    private readonly options: RateLimitOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.explorer = new AccessControl(keys, options, LIFI_ACCESS_HEADERS);
  }

  private address(req: IncomingMessage): Caller {
    return { identity: `ip:${req.socket.remoteAddress ?? 'unknown'}`, limits: UNLIMITED };
  }

  identify(req: IncomingMessage, pathname?: string): Caller {
    const header = req.headers[LIFI_ACCESS_HEADERS.key];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') return this.address(req);
    const resolved = this.keys.get(key);
    if (!resolved) {
      // A guess is a request of the address's group: counted before it is refused, a 429 once the group is spent.
      const headers = this.admit(this.address(req), true, pathname);
      throw new ApiError(
        401,
        ErrorCode.Unauthorized,
        `Unknown API key: check the ${LIFI_ACCESS_HEADERS.key} header or omit it`,
        { headers },
      );
    }
    return { identity: `key:${resolved.key}`, limits: UNLIMITED, key: resolved };
  }

  admitExplorer(req: IncomingMessage): Record<string, string> {
    return this.explorer.admitExplorer(req);
  }

  admit(caller: Caller, consume = true, pathname?: string): Record<string, string> {
    const group = lifiGroupOf(pathname);
    const decision = this.decide(caller, group, consume);
    const headers = rateHeaders(decision, LIFI_ACCESS_HEADERS.ratePrefix);
    if (!decision.allowed) {
      const per = caller.key ? 'two hours for this key' : `${describeWindow(LIFI_KEYLESS_LIMITS[group])}`;
      throw new ApiError(
        429,
        ErrorCode.RateLimit,
        `Rate limit exceeded: ${decision.limit} requests per ${per}; retry in ${decision.resetSec} s`,
        { headers: { ...headers, 'retry-after': String(decision.resetSec) } },
      );
    }
    return headers;
  }

  private decide(caller: Caller, group: LifiGroup, consume: boolean): RateDecision {
    const now = this.now();
    if (this.options.disabled || caller.key?.tier === 'unlimited') {
      return { allowed: true, limit: UNLIMITED_REPORT, remaining: UNLIMITED_REPORT, resetSec: 60 };
    }
    if (caller.key) {
      const rpm = caller.key.perMinute ?? LIFI_DEFAULT_KEY_RPM;
      return this.keyed.check(
        caller.identity,
        { limit: rpm * LIFI_KEY_WINDOW_MINUTES, windowMs: TWO_HOURS_MS },
        now,
        consume,
      );
    }
    return this.keyless.check(`${caller.identity}|${group}`, LIFI_KEYLESS_LIMITS[group], now, consume);
  }
}

function describeWindow({ windowMs }: GroupLimit): string {
  return windowMs === TWO_HOURS_MS ? 'two hours for this endpoint' : 'minute';
}
