/**
 * The popup's wallet requests still waiting for the page's answer. Reads that need no one's decision give up after a
 * time-out (a page that never answers must not leave the popup waiting forever); requests the person decides on in
 * the wallet wait as long as the person takes, until the person stops waiting (`rejectAll`).
 */
export type Pending = { resolve(value: unknown): void; reject(error: unknown): void; what: string };

export function createPendingRequests() {
  const pending = new Map<number, Pending & { timer?: ReturnType<typeof setTimeout> }>();

  return {
    /** Waits for the answer to request `id`; `timeout` rejects with its error after `ms` if none came. */
    add(id: number, entry: Pending, timeout?: { ms: number; error: () => Error }): void {
      const timer = timeout
        ? setTimeout(() => {
            if (pending.get(id) !== stored) return;
            pending.delete(id);
            entry.reject(timeout.error());
          }, timeout.ms)
        : undefined;
      const stored = { ...entry, timer };
      pending.set(id, stored);
    },
    /** The entry for an answer, removed (undefined for an unknown, late or stopped request: ignore the answer). */
    take(id: number): Pending | undefined {
      const entry = pending.get(id);
      if (!entry) return undefined;
      pending.delete(id);
      if (entry.timer !== undefined) clearTimeout(entry.timer);
      return entry;
    },
    /** Rejects everything still waiting, each with `error(what)`. */
    rejectAll(error: (what: string) => Error): void {
      const all = [...pending.values()];
      pending.clear();
      for (const entry of all) {
        if (entry.timer !== undefined) clearTimeout(entry.timer);
        entry.reject(error(entry.what));
      }
    },
    get size(): number {
      return pending.size;
    },
  };
}
