import { i18n } from '#i18n';
import type { Execution } from '../model/transfer';
import { stepsOf } from '../signing/routeSteps';
import { formatAmount } from './amount';

/**
 * The words of a route of several steps stopped by the person after a step arrived (issue #41, point 2): where the
 * funds stay and what is not bought, asked before stopping and said after, so giving up the rest is never silent.
 */

/**
 * Whether stopping now leaves funds on the way: a later step waits with what the step before delivered (ready to
 * sign, or declined in the wallet, or cut off there).
 */
export const canStopAfterStep = (e: Execution): boolean =>
  (e.phase === 'needsSignature' || e.phase === 'failed' || e.phase === 'interrupted') &&
  (e.step ?? 0) > 0 &&
  e.arrived !== undefined;

/** "Stopped after step 1": the state's name in Activity, the banner and the notification. */
export const stoppedLabel = (e: Execution): string => i18n.t('execution.stoppedAfter', [String(e.step ?? 0)]);

/**
 * "59.4976 USDC stays on Arbitrum; no ARB will be bought." (`ask`, before stopping) or "… stayed …; no ARB was
 * bought." (`done`); when the rest of the route only moves the same token on, it names the chain it does not reach.
 */
export function stopWords(
  e: Execution,
  chainName: (chainId: number) => string,
  tense: 'ask' | 'done',
): string | undefined {
  const steps = stepsOf(e.route);
  const waiting = steps[e.step ?? 0]?.action;
  const last = steps.at(-1)?.action;
  if (!waiting || !last || e.arrived === undefined) return undefined;
  const held: [string, string, string] = [
    formatAmount(e.arrived, waiting.fromToken.decimals),
    waiting.fromToken.symbol,
    chainName(Number(waiting.fromChainId)),
  ];
  if (last.toToken.symbol === waiting.fromToken.symbol) {
    const onTo = chainName(Number(last.toChainId));
    return tense === 'ask'
      ? i18n.t('execution.stopAskMoved', [...held, onTo])
      : i18n.t('execution.stoppedMoved', [...held, onTo]);
  }
  const wanted = last.toToken.symbol;
  return tense === 'ask'
    ? i18n.t('execution.stopAsk', [...held, wanted])
    : i18n.t('execution.stoppedLeft', [...held, wanted]);
}
