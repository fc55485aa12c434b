/** Requests per window. `Infinity` means no limit (the bench tier). */
export type TierLimits = { perMinute: number; perHour: number };

export type TierName = 'free' | 'standard' | 'enterprise' | 'unlimited';

/** The spec's default tiers. Enterprise limits are custom per key (keys file). */
export const DEFAULT_TIERS: Readonly<Record<'free' | 'standard', TierLimits>> = {
  free: { perMinute: 60, perHour: 1000 },
  standard: { perMinute: 300, perHour: 10_000 },
};

export const UNLIMITED: TierLimits = { perMinute: Number.POSITIVE_INFINITY, perHour: Number.POSITIVE_INFINITY };
