import type { Page, Worker } from 'playwright';

/** The protocol's reply envelope (src/messaging/reply.ts), as it crosses the wire. */
export type WireReply<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; error: { name: string; shortMessage: string; details?: string; code?: number | string } };

/**
 * Sends one protocol message from an extension page exactly as @webext-core/messaging does
 * (`chrome.runtime.sendMessage({ id, type, data, timestamp })`, answered `{ res }` or `{ err }`), so the tests talk to
 * the real background through the real sender checks without importing the popup's bundle.
 */
export async function sendProtocolMessage<T = unknown>(
  page: Page,
  type: string,
  data?: unknown,
): Promise<WireReply<T>> {
  const answer = await page.evaluate(
    ([t, d]) =>
      new Promise<unknown>((resolve, reject) => {
        const c = (globalThis as unknown as { chrome: ChromeRuntime }).chrome;
        c.runtime.sendMessage(
          { id: Math.floor(Math.random() * 1e6), type: t, data: d, timestamp: Date.now() },
          (res) => {
            const lastError = c.runtime.lastError;
            if (lastError) reject(new Error(lastError.message));
            else resolve(res);
          },
        );
      }),
    [type, data] as const,
  );
  const wire = answer as { res?: WireReply<T>; err?: { message: string } } | undefined;
  if (!wire || wire.err || !wire.res) throw new Error(`no protocol reply to ${type}: ${JSON.stringify(answer)}`);
  return wire.res;
}

type ChromeRuntime = {
  runtime: { sendMessage(message: unknown, callback: (res: unknown) => void): void; lastError?: { message: string } };
};

/**
 * `chrome.notifications.getAll()` in the service worker or an extension page: what the extension has created and not
 * cleared (headless Chromium shows nothing, but keeps the list).
 */
export async function notificationIds(target: Worker | Page): Promise<string[]> {
  return (target as Worker).evaluate(async () => {
    const c = (globalThis as unknown as { chrome: { notifications: { getAll(): Promise<Record<string, boolean>> } } })
      .chrome;
    return Object.keys(await c.notifications.getAll());
  });
}

/** A protocol error's words must be for a person: no stack, no "undefined", no raw class names. */
export function expectPlainWords(text: string): string[] {
  const problems: string[] = [];
  if (/undefined|null|NaN|\[object /.test(text)) problems.push('placeholder value');
  if (/\bat .+:\d+:\d+|\.ts:\d+|\.js:\d+/.test(text)) problems.push('stack trace');
  if (/^[A-Z]\w*Error:/.test(text) || /TypeError|SyntaxError/.test(text)) problems.push('raw error name');
  if (text.trim().length < 8 || text.length > 300) problems.push(`length ${text.length}`);
  return problems;
}

/** `chrome.storage.local[key]` read in the service worker or an extension page. */
export async function readExtensionStorage(target: Worker | Page, key: string): Promise<unknown> {
  return (target as Worker).evaluate(async (k) => {
    const c = (
      globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } }
    ).chrome;
    return (await c.storage.local.get(k))[k];
  }, key);
}

type NotificationsApi = { notifications: { create(...args: unknown[]): unknown } };

/**
 * Counts `chrome.notifications.create` calls in the running worker from now on (lost if Chrome restarts it), so a
 * test can tell "created once" from "created twice with the same ID" (getAll cannot: the second replaces the first).
 */
export async function countNotificationCreates(worker: Worker): Promise<() => Promise<string[]>> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as { chrome: NotificationsApi; __createdNotifications?: string[] };
    if (g.__createdNotifications) return;
    const created: string[] = [];
    g.__createdNotifications = created;
    const original = g.chrome.notifications.create.bind(g.chrome.notifications);
    g.chrome.notifications.create = (...args: unknown[]) => {
      created.push(String(args[0]));
      return original(...args);
    };
  });
  return () =>
    worker.evaluate(() => [
      ...((globalThis as unknown as { __createdNotifications?: string[] }).__createdNotifications ?? []),
    ]);
}
