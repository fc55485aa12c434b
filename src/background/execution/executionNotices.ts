import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { ExecutionRecord } from '../../model/execution';
import { toolbarAction } from '../toolbarAction';
import { activityViewUrl } from '../transfers/notifications';

export const EXECUTION_NOTIFICATION_PREFIX = 'execution:';
const ICON = '/icon/128.png';

/**
 * A notification when a confirmed transfer waits for the person: a worse rate to accept or refuse, or a flow cut off
 * (tab closed, worker stopped) to continue from Activity. One per execution: a later one replaces it.
 */
export async function noticeNeedsPerson(record: ExecutionRecord, enabled: boolean): Promise<void> {
  if (!enabled) return;
  const rate = record.phase === 'needsRate';
  await browser.notifications.create(`${EXECUTION_NOTIFICATION_PREFIX}${record.id}`, {
    type: 'basic',
    iconUrl: ICON,
    title: rate ? i18n.t('execution.notice.rateTitle') : i18n.t('execution.notice.waitingTitle'),
    message: rate
      ? i18n.t('execution.notice.rateMessage')
      : (record.error ?? i18n.t('execution.notice.waitingMessage')),
  });
}

/** Clicking one opens the popup where it can be answered (Activity when the toolbar popup cannot open). */
export function registerExecutionNoticeClicks(): () => void {
  const listener = (id: string) => {
    if (!id.startsWith(EXECUTION_NOTIFICATION_PREFIX)) return;
    void (async () => {
      await browser.notifications.clear(id);
      try {
        await toolbarAction().openPopup();
      } catch {
        await browser.tabs.create({ url: activityViewUrl() });
      }
    })();
  };
  browser.notifications.onClicked.addListener(listener);
  return () => browser.notifications.onClicked.removeListener(listener);
}
