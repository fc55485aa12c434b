import { i18n } from '#i18n';
import { gasReadText } from '../../format/gasRead';
import { nextStepText } from '../../format/nextStep';
import { headlineOf } from '../activityCards';
import { selectBannerExecution } from '../store/selectors';
import { usePopup } from './context';

/**
 * On top of the Transfer tab: a step waiting for the person's signature (or a rate to answer, or a transfer cut
 * off), with Continue, so a reopened popup does not offer only the old form, ready to send the same again. Loaded
 * only when there is one (App.tsx): most openings have none.
 */
export function WaitingBanner() {
  const record = usePopup(selectBannerExecution);
  const chains = usePopup((s) => s.chains);
  const continueExecution = usePopup((s) => s.continueExecution);
  if (!record) return null;
  const chainName = (id: number) =>
    chains.find((c) => c.id === id)?.name ?? i18n.t('popup.activity.chainNumber', [String(id)]);
  const e = record.execution;
  const why =
    nextStepText(record, chainName) ??
    (e.phase === 'needsRate'
      ? i18n.t('execution.notice.rateTitle')
      : (e.error ?? i18n.t('execution.notice.waitingTitle')));
  // Gas on arrival, as the chain showed it when this step became ready (never the service's figure).
  const gas = e.phase === 'needsSignature' ? gasReadText(e, chains) : undefined;
  return (
    <div class="notice waiting-banner" role="status" data-testid="waiting-banner" data-phase={e.phase}>
      <p class="small">
        <strong>{headlineOf(record)}</strong> · {i18n.t(`execution.phase.${e.phase as 'needsSignature'}`)}
      </p>
      <p class="small">{why}</p>
      {gas && (
        <p class="small" data-testid="banner-gas">
          {gas}
        </p>
      )}
      <button type="button" class="primary" onClick={() => continueExecution(record.id)} data-testid="banner-continue">
        {i18n.t('execution.continue')}
      </button>
    </div>
  );
}
