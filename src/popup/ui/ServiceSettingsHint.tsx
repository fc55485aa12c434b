import { i18n } from '#i18n';
import { usePopup } from './context';

/** Under a failure the routing service's settings may explain: where to fix it, one click away. */
export function ServiceSettingsHint() {
  const setView = usePopup((s) => s.setView);
  return (
    <p class="small" data-testid="service-settings-hint">
      {i18n.t('popup.serviceHint.text')}{' '}
      <button type="button" class="link" onClick={() => setView('settings')} data-testid="open-service-settings">
        {i18n.t('popup.serviceHint.open')}
      </button>
    </p>
  );
}
