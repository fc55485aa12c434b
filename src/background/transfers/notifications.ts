import { browser } from 'wxt/browser';
import type { CoinOf } from '../../format/flaggedText';
import { safeLink } from '../../format/links';
import type { SentTransfer } from '../../model/transfer';
import type { ChainNamer } from '../chainNames';
import { describeOutcome, saysNothingOnItsOwn } from './notificationText';
import { findSend } from './records';
import type { TransferStore } from './transferStore';

/**
 * One desktop notification per final transfer outcome.
 *
 * Exactly once, across crashes and restarts: the notification ID is derived from the transaction hash, and
 * `notifiedAt` is written after the notification is created. Writing it before would make a crash in between lose
 * the notification for good (at-most-once); writing it after makes the crash window repeat the call (at-least-once).
 * The repeat is made harmless by the deterministic ID: before creating, we look at the notifications still shown
 * (`notifications.getAll`) and only mark the record if ours is there; and creating with an existing ID replaces the
 * notification instead of adding one. A duplicate can only appear if the person dismissed the notification within
 * the milliseconds between create and the storage write and the worker died right then.
 * When notifications are off in the settings, the record is marked too, so turning them on later does not replay
 * old outcomes. So is a step before the last of a route that arrived: the execution's own notice says so and asks
 * for the next signature (src/background/execution/executionNotices.ts); "complete" is for the whole route.
 */
export const NOTIFICATION_PREFIX = 'transfer:';

/** The extension icon (public/icon/, drawn by scripts/make-icons.ts); Chrome requires an iconUrl. */
const ICON = '/icon/128.png';

export const notificationIdFor = (txHash: string): string => `${NOTIFICATION_PREFIX}${txHash.toLowerCase()}`;

export type Notifier = { notifyOnce(record: SentTransfer): Promise<void> };

export function createNotifier(deps: {
  store: TransferStore;
  enabled: () => Promise<boolean>;
  chainName: () => Promise<ChainNamer>;
  /** Chains' native coins, so a difference in the value sent is said in the coin, not in wei. */
  coinOf?: () => Promise<CoinOf>;
  now: () => number;
}): Notifier {
  const pending = new Map<string, Promise<void>>();

  async function notify(record: SentTransfer) {
    const id = notificationIdFor(record.txHash);
    const owner = findSend(await deps.store.all(), record.txHash)?.record;
    if (!saysNothingOnItsOwn(record, owner) && (await deps.enabled())) {
      const shown = await browser.notifications.getAll();
      if (!(id in shown)) {
        const { title, message, warning } = describeOutcome(record, await deps.chainName(), await deps.coinOf?.());
        await browser.notifications.create(id, {
          type: 'basic',
          iconUrl: ICON,
          title,
          message,
          // A transaction that is not the person's stays on screen until they dismiss it (Chrome; Firefox has
          // neither option and refuses unknown ones).
          ...(warning && !import.meta.env.FIREFOX ? { priority: 2, requireInteraction: true } : {}),
        });
      }
    }
    await deps.store.updateSend(record.txHash, (current) => current && { ...current, notifiedAt: deps.now() });
  }

  return {
    notifyOnce(record) {
      if (!record.final || record.notifiedAt !== undefined) return Promise.resolve();
      // Two wake-ups racing on the same outcome share one attempt.
      const key = record.txHash.toLowerCase();
      const existing = pending.get(key);
      if (existing) return existing;
      const attempt = notify(record).finally(() => pending.delete(key));
      pending.set(key, attempt);
      return attempt;
    },
  };
}

export const activityViewUrl = (): string => browser.runtime.getURL('/popup.html#activity');

/**
 * Clicking a transfer notification opens its destination transaction when the link is safe (src/format/links.ts),
 * else the activity view.
 */
export function registerNotificationClicks(store: TransferStore): () => void {
  const listener = (id: string) => {
    void openFor(id, store);
  };
  browser.notifications.onClicked.addListener(listener);
  return () => browser.notifications.onClicked.removeListener(listener);
}

export async function openFor(id: string, store: TransferStore): Promise<void> {
  if (!id.startsWith(NOTIFICATION_PREFIX)) return;
  const record = await store.getSend(id.slice(NOTIFICATION_PREFIX.length));
  const url = safeLink(record?.receiving?.txLink) ?? activityViewUrl();
  await browser.tabs.create({ url });
  await browser.notifications.clear(id);
}
