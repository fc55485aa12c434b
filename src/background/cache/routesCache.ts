import type { RoutesResult } from '../../model/routes';
import type { RoutesResponse } from '../../schemas/route';
import { SupersededError } from '../errors';

/**
 * Route searches in memory only (prices move; nothing to keep across restarts):
 * - identical requests within `windowMs` (15 s) get the same answer, and identical requests in flight share one
 *   fetch: the popup re-rendering or two tabs asking cost one request;
 * - each caller names a channel (the popup's form, one inline card…); a newer request on the same channel
 *   supersedes the older one: the older caller gets SupersededError at once, and its fetch is aborted unless
 *   another channel still waits for the same answer.
 * Failed searches are not kept.
 */
export type RoutesCache = {
  get(key: string, channel: string, fetch: (signal: AbortSignal) => Promise<RoutesResponse>): Promise<RoutesResult>;
};

type Flight = {
  controller: AbortController;
  promise: Promise<RoutesResult>;
  /** Channels waiting for this flight while it is pending. */
  waiters: number;
  settledAt?: number;
};

type Waiting = { key: string; cancel: () => void };

export const ROUTES_WINDOW_MS = 15_000;

export function createRoutesCache(options: { now?: () => number; windowMs?: number } = {}): RoutesCache {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? ROUTES_WINDOW_MS;
  const flights = new Map<string, Flight>();
  const channels = new Map<string, Waiting>();

  const prune = () => {
    for (const [key, flight] of flights) {
      if (flight.settledAt !== undefined && now() - flight.settledAt >= windowMs) flights.delete(key);
    }
  };

  const release = (key: string) => {
    const flight = flights.get(key);
    if (!flight || flight.settledAt !== undefined) return;
    flight.waiters--;
    if (flight.waiters <= 0) {
      flight.controller.abort(new SupersededError());
      flights.delete(key);
    }
  };

  return {
    get(key, channel, fetch) {
      prune();
      let flight = flights.get(key);
      if (!flight) {
        const controller = new AbortController();
        const created: Flight = {
          controller,
          waiters: 0,
          promise: fetch(controller.signal).then(
            (response) => {
              created.settledAt = now();
              return { ...response, fetchedAt: created.settledAt };
            },
            (err: unknown) => {
              if (flights.get(key) === created) flights.delete(key);
              throw err;
            },
          ),
        };
        flight = created;
        flights.set(key, flight);
      }

      const previous = channels.get(channel);
      if (flight.settledAt !== undefined) {
        previous?.cancel();
        return flight.promise;
      }
      // Count the new caller first: superseding an identical request must not abort the fetch both want.
      flight.waiters++;
      previous?.cancel();
      const mine = flight;
      return new Promise<RoutesResult>((resolve, reject) => {
        const waiting: Waiting = {
          key,
          cancel: () => {
            channels.delete(channel);
            release(key);
            reject(new SupersededError());
          },
        };
        channels.set(channel, waiting);
        mine.promise.then(resolve, reject).finally(() => {
          if (channels.get(channel) === waiting) channels.delete(channel);
        });
      });
    },
  };
}

/** Same request, same key: object keys sorted at every depth. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
