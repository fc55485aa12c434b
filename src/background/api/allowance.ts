import { i18n } from '#i18n';
import type { RateLimitState } from '../../api/rateLimit';
import { BaseError } from '../../errors/base';

/**
 * LI.FI counts a keyless caller per endpoint group (routes 75 and quotes 75 per two hours, step transactions 50 per
 * two hours, the rest 100 per minute), so each group's `ratelimit-*` headers describe its own allowance. The spec's
 * service has one window for everything: there every group reads the same, shared state.
 */
export type EndpointGroup = 'routes' | 'quote' | 'step' | 'other';

/**
 * Who a request is for. The person's own transfer (their route search, the step they sign) comes first; the explorer
 * card, the popup's automatic refresh and a search's proof of a bridge's promise (a step transaction asked for before
 * anyone signs, src/background/provenRoutes.ts) only spend what is left above the transfer's reserve.
 */
export type RequestPriority = 'transfer' | 'card' | 'refresh' | 'proof';

export function endpointGroupOf(path: string): EndpointGroup {
  if (path.endsWith('/v1/advanced/routes')) return 'routes';
  if (path.endsWith('/v1/advanced/stepTransaction')) return 'step';
  if (path.endsWith('/v1/quote') || path.includes('/v1/quote/')) return 'quote';
  return 'other';
}

/**
 * The reserve kept for the person's transfers, per group: a quarter of the allowance, at least enough for five
 * transfers (four route searches and two step transactions each). LI.FI's keyless 75 route searches per two hours
 * keep 20; a key's 12,000 keep 3,000.
 */
export const TRANSFER_RESERVE: Readonly<Record<EndpointGroup, { min: number; fraction: number }>> = {
  routes: { min: 20, fraction: 0.25 },
  quote: { min: 20, fraction: 0.25 },
  step: { min: 10, fraction: 0.25 },
  other: { min: 5, fraction: 0.1 },
};

export function reserveOf(group: EndpointGroup, limit: number): number {
  const { min, fraction } = TRANSFER_RESERVE[group];
  return Math.min(limit, Math.max(min, Math.ceil(limit * fraction)));
}

/**
 * Few searches left: within a margin (a tenth of the allowance, at least 10) of the reserve. The popup then stops
 * refreshing on its own (a refresh is one click) and, without a key, says what is left and until when.
 */
export function isAllowanceLow(view: AllowanceView): boolean {
  return view.remaining <= view.reserve + Math.max(10, Math.ceil(view.limit * 0.1));
}

/** What is left of a group's allowance now: the last answer's figures less what was sent since. */
export type AllowanceView = { limit: number; remaining: number; resetAt: number | undefined; reserve: number };

/** A card quote or an automatic refresh was not sent: what is left is kept for the person's own transfers. */
export class AllowanceReservedError extends BaseError {
  override name = 'AllowanceReservedError';
  readonly code = 'ALLOWANCE_RESERVED';
  /** Epoch ms when the allowance renews (undefined when the service did not say). */
  readonly until: number | undefined;
  constructor(until: number | undefined) {
    super(i18n.t('api.reservedForTransfers'));
    this.until = until;
  }
}

export type Allowance = {
  /** Reads a response's rate-limit figures for the group of `path` (every group, when the window is shared). */
  observe(path: string, state: RateLimitState): void;
  /** A 429 answered for `group`: nothing of it is sent before `until`. */
  hold(group: EndpointGroup, until: number): void;
  /**
   * May a request of `group` for `priority` go now? 0 (and it is counted) or the epoch ms of the renewal: a transfer
   * while anything is left, others while more than the reserve is left.
   */
  take(group: EndpointGroup, priority: RequestPriority): number;
  /** Epoch ms until which `group` is held (a 429's reset, or nothing left before the reset), else 0. */
  heldUntil(group: EndpointGroup): number;
  view(group: EndpointGroup): AllowanceView | undefined;
  /** The group's figures as last read (for the status checks' own budget, requestQueue.ts). */
  observed(group: EndpointGroup): RateLimitState | undefined;
};

type Observed = RateLimitState & { sent: number };

/** The fallback wait when a service reports an empty window but no reset. */
const UNKNOWN_RESET_MS = 60_000;

export function createAllowance(options: { now: () => number; shared: () => boolean }): Allowance {
  const observed = new Map<string, Observed>();
  const holds = new Map<string, number>();
  const keyOf = (group: EndpointGroup) => (options.shared() ? 'all' : group);

  function view(group: EndpointGroup): AllowanceView | undefined {
    const state = observed.get(keyOf(group));
    if (state?.limit === undefined || state.remaining === undefined) return undefined;
    const now = options.now();
    const renewed = state.resetAt !== undefined && now >= state.resetAt;
    return {
      limit: state.limit,
      remaining: renewed ? state.limit : Math.max(0, state.remaining - state.sent),
      resetAt: renewed ? undefined : state.resetAt,
      // One shared window keeps the largest reserve: the transfer's searches and steps both come out of it.
      reserve: reserveOf(options.shared() ? 'routes' : group, state.limit),
    };
  }

  function heldUntil(group: EndpointGroup): number {
    const now = options.now();
    const hold = holds.get(keyOf(group)) ?? 0;
    const current = view(group);
    const empty = current?.remaining === 0 ? (current.resetAt ?? now + UNKNOWN_RESET_MS) : 0;
    const until = Math.max(hold, empty);
    return until > now ? until : 0;
  }

  return {
    observe(path, state) {
      const key = keyOf(endpointGroupOf(path));
      observed.set(key, { ...state, sent: 0 });
      // A newer answer with room left ends an earlier hold (the window renewed sooner than said).
      if ((state.remaining ?? 0) > 0) holds.delete(key);
    },
    hold(group, until) {
      const key = keyOf(group);
      holds.set(key, Math.max(holds.get(key) ?? 0, until));
    },
    take(group, priority) {
      const held = heldUntil(group);
      if (held > 0) return held;
      const current = view(group);
      const state = observed.get(keyOf(group));
      if (!current || !state) return 0;
      const floor = priority === 'transfer' ? 0 : current.reserve;
      if (current.remaining > floor) {
        state.sent++;
        return 0;
      }
      return current.resetAt ?? options.now() + UNKNOWN_RESET_MS;
    },
    heldUntil,
    view,
    observed: (group) => observed.get(keyOf(group)),
  };
}
