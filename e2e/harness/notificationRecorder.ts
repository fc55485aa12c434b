import type { Worker } from 'playwright';

/** A notification as the extension created it: its id and the words it showed. */
export type ShownNotification = { id: string; title: string; message: string; priority?: number };

type WorkerGlobal = {
  chrome: { notifications: { create(...args: unknown[]): unknown } };
  __shown?: ShownNotification[];
};

/**
 * Records every notification the extension's service worker creates, with its words (headless Chromium shows none,
 * and `notifications.getAll()` keeps only ids). Install it once the worker is up; the worker stays up while a test
 * drives it, so the record lasts the test. Answers a reader of everything shown so far; installing twice records once.
 */
export async function recordNotifications(worker: Worker): Promise<() => Promise<ShownNotification[]>> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as WorkerGlobal;
    if (g.__shown) return;
    const shown: ShownNotification[] = [];
    g.__shown = shown;
    const original = g.chrome.notifications.create.bind(g.chrome.notifications);
    g.chrome.notifications.create = (...args: unknown[]) => {
      shown.push({ id: String(args[0]), ...(args[1] as Omit<ShownNotification, 'id'>) });
      return original(...args);
    };
  });
  return () => worker.evaluate(() => (globalThis as unknown as WorkerGlobal).__shown ?? []);
}
