/** Requests per window. `Infinity` means no limit (the bench tier). */
export type TierLimits = { perMinute: number; perHour: number };

export type TierName = 'free' | 'standard' | 'enterprise' | 'unlimited';

/** The spec's default tiers. Enterprise limits are custom per key (keys file). */
export const DEFAULT_TIERS: Readonly<Record<'free' | 'standard', TierLimits>> = {
  free: { perMinute: 60, perHour: 1000 },
  standard: { perMinute: 300, perHour: 10_000 },
};

/**
 * Per client address, for the devnet block explorer's pages: each page reads the chain (blocks, logs, balances),
 * so it is far dearer than an API answer from memory. Generous for a person clicking around.
 */
export const EXPLORER_LIMITS: TierLimits = { perMinute: 120, perHour: 2_000 };

export const UNLIMITED: TierLimits = { perMinute: Number.POSITIVE_INFINITY, perHour: Number.POSITIVE_INFINITY };
