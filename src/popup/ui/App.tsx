import { i18n } from '#i18n';
import { attentionCount } from '../../model/attention';
import { selectBannerExecution } from '../store/selectors';
import type { View } from '../store/types';
import { usePopup } from './context';
import { Lazy } from './Lazy';
import { LazySettingsView } from './LazySettingsView';
import { RouteList } from './RouteList';
import { SendPanel } from './SendPanel';
import { ServiceSettingsHint } from './ServiceSettingsHint';
import { TransferForm } from './TransferForm';
import { WalletBar } from './WalletBar';

const loadActivity = () => import('./ActivityView').then((m) => m.ActivityView);
const loadWaitingBanner = () => import('./WaitingBanner').then((m) => m.WaitingBanner);

const TABS: { view: View; label: () => string }[] = [
  { view: 'transfer', label: () => i18n.t('popup.tabs.transfer') },
  { view: 'activity', label: () => i18n.t('popup.tabs.activity') },
  { view: 'settings', label: () => i18n.t('popup.tabs.settings') },
];

export function App() {
  const view = usePopup((s) => s.view);
  const setView = usePopup((s) => s.setView);
  const catalogStatus = usePopup((s) => s.catalogStatus);
  const catalogError = usePopup((s) => s.catalogError);
  const catalogBlamesSettings = usePopup((s) => s.catalogBlamesSettings);
  const loadCatalog = usePopup((s) => s.loadCatalog);
  // Transactions in flight and transfers waiting for the person, as the toolbar badge counts them.
  const pending = usePopup((s) => attentionCount(s.records));
  const waiting = usePopup((s) => selectBannerExecution(s) !== undefined);

  return (
    <div class="popup">
      <header>
        <h1 title={i18n.t('popup.title')}>{i18n.t('popup.title')}</h1>
        <div role="tablist" aria-label={i18n.t('popup.sections')} class="tabs">
          {TABS.map((tab) => (
            <button
              type="button"
              role="tab"
              class="tab"
              key={tab.view}
              id={`tab-${tab.view}`}
              aria-selected={view === tab.view}
              aria-controls="panel"
              tabIndex={view === tab.view ? 0 : -1}
              onClick={() => setView(tab.view)}
              onKeyDown={(e) => {
                const i = TABS.findIndex((t) => t.view === view);
                const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!delta) return;
                const next = TABS[(i + delta + TABS.length) % TABS.length]!;
                setView(next.view);
                document.getElementById(`tab-${next.view}`)?.focus();
              }}
            >
              {tab.label()}
              {tab.view === 'activity' && pending > 0 && (
                <>
                  <span class="count" aria-hidden="true">
                    {pending}
                  </span>
                  <span class="sr-only"> {i18n.t('popup.inProgress', [String(pending)])}</span>
                </>
              )}
            </button>
          ))}
        </div>
      </header>
      {/* The panel fills the popup's 600 px: its content scrolls, and the main action (Bridge and the progress of a
          send, Save) stays in a bar at its foot, never below the fold. */}
      <main id="panel" role="tabpanel" aria-labelledby={`tab-${view}`}>
        {view === 'transfer' && (
          <>
            <div class="panel-scroll">
              {catalogStatus === 'error' && (
                <div class="error" role="alert" data-testid="catalog-error">
                  <p>{catalogError}</p>
                  {catalogBlamesSettings && <ServiceSettingsHint />}
                  <button type="button" class="secondary" onClick={() => void loadCatalog()}>
                    {i18n.t('popup.retry')}
                  </button>
                </div>
              )}
              {waiting && <Lazy load={loadWaitingBanner} props={{}} />}
              <WalletBar />
              <TransferForm />
              <RouteList />
            </div>
            <SendPanel />
          </>
        )}
        {view === 'activity' && (
          <div class="panel-scroll">
            <Lazy load={loadActivity} props={{}} />
          </div>
        )}
        {view === 'settings' && <LazySettingsView />}
      </main>
    </div>
  );
}
