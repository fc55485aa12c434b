import { i18n } from '#i18n';
import { Lazy } from './Lazy';

const loadSettings = () => import('./SettingsView').then((m) => m.SettingsView);

/** The Settings tab, loaded when first shown: nobody needs it to open the popup, and it grows with every option. */
export function LazySettingsView() {
  return <Lazy load={loadSettings} props={{}} fallback={<p class="muted">{i18n.t('popup.settings.loading')}</p>} />;
}
