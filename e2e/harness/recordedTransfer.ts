import type { Page } from 'playwright';
import { POLL_ALARM } from '../../src/background/transfers/transferScheduler';
import { newSentTransfer } from '../../src/background/transfers/transferStatus';
import type { TransferInput } from '../../src/model/transfer';

/**
 * Hands the real background a transfer to track, as its signing flow leaves one once the wallet answered with the
 * hash (no message does this: the popup never sends transfers in): the record as the tracker first stores it, due at
 * once, written from an extension page, then the poll alarm, on which the worker's own scheduler reads the stored
 * transfers and checks what is due (the sent transaction through the trusted RPC, then the status).
 */
export async function recordSentTransfer(page: Page, input: TransferInput): Promise<void> {
  const now = Date.now();
  const send = { ...newSentTransfer(input, now), nextCheckAt: now };
  // A record of its own, keyed by the hash, as the tracker keeps a transaction no execution claims.
  const record = { id: input.txHash.toLowerCase(), createdAt: now, updatedAt: now, sends: [send] };
  await page.evaluate(
    async ({ key, record, alarm }) => {
      const c = (globalThis as unknown as { chrome: ChromeApis }).chrome;
      const stored = (await c.storage.local.get('transfers')).transfers ?? {};
      await c.storage.local.set({ transfers: { ...stored, [key]: record } });
      await c.alarms.create(alarm, { when: Date.now() });
    },
    { key: input.txHash.toLowerCase(), record, alarm: POLL_ALARM },
  );
}

type ChromeApis = {
  storage: {
    local: {
      get(key: string): Promise<{ transfers?: Record<string, unknown> }>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
  alarms: { create(name: string, info: { when: number }): Promise<void> };
};
