import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { gasReadText } from '../../format/gasRead';
import { stoppedLabel, stopWords } from '../../format/stoppedRoute';
import type { ExecutionRecord } from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import { stepsOf } from '../../signing/routeSteps';
import { toolbarAction } from '../toolbarAction';
import { activityViewUrl } from '../transfers/notifications';

export const EXECUTION_NOTIFICATION_PREFIX = 'execution:';
const ICON = '/icon/128.png';

/**
 * A notification when a confirmed transfer waits for the person: a worse rate to accept or refuse, or a flow cut off
 * (tab closed, worker stopped) to continue from Activity. One per execution: a later one replaces it.
 */
export async function noticeNeedsPerson(
  record: ExecutionRecord,
  enabled: boolean,
  chainName: (chainId: number) => string = String,
  chains: readonly Chain[] = [],
): Promise<void> {
  if (!enabled) return;
  await browser.notifications.create(`${EXECUTION_NOTIFICATION_PREFIX}${record.id}`, {
    type: 'basic',
    iconUrl: ICON,
    ...words(record, chainName, chains),
  });
}

function words(
  { execution }: ExecutionRecord,
  chainName: (chainId: number) => string,
  chains: readonly Chain[],
): { title: string; message: string } {
  if (execution.phase === 'needsRate') {
    return { title: i18n.t('execution.notice.rateTitle'), message: i18n.t('execution.notice.rateMessage') };
  }
  if (execution.phase === 'stopped') {
    // Replaces "sign step 2": the person stopped the route there; where the funds stayed, in words.
    return { title: stoppedLabel(execution), message: stopWords(execution, chainName, 'done') ?? '' };
  }
  const steps = execution.phase === 'needsSignature' ? stepsOf(execution.route) : [];
  const next = execution.step === undefined ? undefined : steps[execution.step]?.action;
  if (next) {
    // "USDC arrived on Arbitrum", "Sign step 2 of 2 in the extension."
    return {
      title: i18n.t('execution.notice.nextTitle', [next.fromToken.symbol, chainName(Number(next.fromChainId))]),
      message: [
        i18n.t('execution.notice.nextMessage', [String((execution.step ?? 0) + 1), String(steps.length)]),
        gasReadText(execution, chains),
      ]
        .filter(Boolean)
        .join(' '),
    };
  }
  return {
    title: i18n.t('execution.notice.waitingTitle'),
    message: execution.error ?? i18n.t('execution.notice.waitingMessage'),
  };
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
