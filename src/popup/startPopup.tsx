import { render } from 'preact';
import { uiLocale } from '../format/locale';
import { type PopupMemory, popupMemoryItem } from '../storage/popupMemory';
import { watchTransfers } from '../storage/transfersWatch';
import { createMessagingApi } from './api';
import { createChainsCache } from './chainsCache';
import { rememberedOverride } from './languageMemory';
import { readMemory, rememberPopup } from './memory';
import { createPopupStore } from './store/createPopupStore';
import { applyRememberedTheme, applyTheme } from './theme';
import { App } from './ui/App';
import { PopupContext } from './ui/context';
import { readUrlPrefill } from './urlPrefill';

/**
 * Builds the popup: store, first render, then data. `data-ready` on <html> marks the moment the form can be used
 * (chains loaded), which the e2e tests and the bench wait for.
 */
export function startPopup(root: HTMLElement): void {
  performance.mark('popup-start');
  applyRememberedTheme();
  const api = createMessagingApi();
  const store = createPopupStore({
    api,
    resolveTabId: () => import('../wallet/tabWallet').then((m) => m.resolveTargetTabId(location.search)),
    openTabWallet: (tabId) => import('../wallet/tabWallet').then((m) => m.openTabWallet(tabId)),
    probeTab: (tabId) => import('../wallet/tabProbe').then((m) => m.probeTab(tabId)),
    findWalletTab: (tabId) => import('../wallet/walletTabs').then((m) => m.findWalletTab(tabId)),
    showTab: (tab) => import('../wallet/walletTabs').then((m) => m.showTab(tab)),
    chainsCache: createChainsCache(),
    watchRecords: watchTransfers,
  });
  // A language chosen in Settings (other than the browser's) is loaded before the first render, as the theme is
  // painted before it; a new choice renders the popup again in it, keeping the store (form, view, routes). The
  // switch (./language.ts) is loaded only for a popup that needs it, off the usual opening's path.
  let languages: Promise<import('./language').LanguageSwitch> | undefined;
  const languageSwitch = () => {
    languages ??= import('./language').then((m) => m.createLanguageSwitch(m.extensionI18n(), m.loadPackagedCatalog));
    return languages;
  };
  let rendering = 0;
  const mount = () => {
    document.documentElement.lang = uiLocale();
    render(
      <PopupContext.Provider value={{ store, api }}>
        <App key={rendering} />
      </PopupContext.Provider>,
      root,
    );
  };
  if (rememberedOverride())
    void languageSwitch()
      .then((switcher) => switcher.applyRemembered())
      .finally(mount);
  else mount();
  store.subscribe((s, previous) => {
    const language = s.settings?.language;
    if (!s.settings || language === previous.settings?.language) return;
    // The browser's language needs no switch unless one was loaded (another language is being spoken).
    if ((language ?? 'browser') === 'browser' && !languages) return;
    void languageSwitch()
      .then((switcher) => switcher.apply(language))
      .then((changed) => {
        if (!changed) return;
        rendering++;
        mount();
      });
  });

  const state = store.getState();
  // The recipient's checksum (viem's keccak) loads beside the first paint, not in it; prefills wait for it below.
  const evmChecksum = state.loadEvmChecksum().catch(() => undefined);
  // Ready = the form can be used (chains known, from the cache or the background), or the failure is shown.
  const markReady = (status: string) => {
    if (document.documentElement.dataset.ready || status === 'loading') return;
    document.documentElement.dataset.ready = status;
    performance.mark('popup-ready');
  };
  const unsubscribe = store.subscribe((s) => markReady(s.catalogStatus));
  store.subscribe((s, previous) => {
    if (s.settings && s.settings.theme !== previous.settings?.theme) applyTheme(s.settings.theme);
  });
  void state.loadSettings();
  const memory = popupMemoryItem.getValue().then(readMemory, () => ({}) as PopupMemory);
  // After the first frame, so the check (script injection, wallet discovery) never delays the form.
  requestAnimationFrame(() => setTimeout(async () => void store.getState().checkTab((await memory).wallet), 0));
  void state.loadCatalog().then(async () => {
    unsubscribe();
    markReady(store.getState().catalogStatus);
    // After the form is usable (not on the way to it): a transfer the background carries out shows its progress
    // here, one waiting for the person shows in Activity.
    store.getState().followExecutions();
    // URL parameters win over an explorer prefill; takePrefill is still called so the prefill is consumed.
    const stored = await api.takePrefill().catch(() => null);
    const fromUrl = readUrlPrefill(location.search);
    const prefill = fromUrl ?? stored;
    const { form, wallet } = await memory;
    await evmChecksum;
    if (prefill) await store.getState().applyPrefill(prefill);
    else if (form) await store.getState().restoreForm(form);
    // From here on, what the person does is remembered for the next opening.
    rememberPopup(store, (next) => void popupMemoryItem.setValue(next), { wallet, writeNow: Boolean(prefill) });
  });
  // Every status change the background records shows at once (send panel progress, Activity, tab badge).
  state.followTransfers();
}
