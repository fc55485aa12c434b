import type { StateCreator } from 'zustand/vanilla';
import { i18n } from '#i18n';
import { userMessage } from '../../errors/userMessage';
import { serviceChanged } from '../serviceBlame';
import type { PopupDeps } from './deps';
import type { PopupState, SettingsSlice } from './types';

export const createSettingsSlice =
  (deps: PopupDeps): StateCreator<PopupState, [], [], SettingsSlice> =>
  (set, get) => ({
    settingsStatus: 'loading',
    async loadSettings() {
      try {
        const settings = await deps.api.getSettings();
        // Defaults apply to the form only until the person changes them there.
        set({ settings, settingsStatus: 'ready', slippage: settings.slippage, order: settings.routeOrder });
        get().requestRoutes();
      } catch (err) {
        set({ settingsStatus: 'error', settingsMessage: userMessage(err) });
      }
    },
    async saveSettings(patch) {
      set({ settingsStatus: 'saving', settingsMessage: undefined, serviceAnswer: undefined });
      const before = get().settings;
      try {
        const settings = await deps.api.updateSettings(patch);
        // New defaults apply to the form at once (the person just chose them).
        set({
          settings,
          settingsStatus: 'saved',
          settingsMessage: i18n.t('popup.settings.saved'),
          ...(patch.slippage !== undefined ? { slippage: settings.slippage } : {}),
          ...(patch.routeOrder !== undefined ? { order: settings.routeOrder } : {}),
        });
        get().requestRoutes();
        // Another service, kind or key: ask it at once, and say on Settings whether it answers (no Retry needed).
        if (serviceChanged(before, patch)) set({ serviceAnswer: await askedAgain(get) });
      } catch (err) {
        set({ settingsStatus: 'error', settingsMessage: userMessage(err) });
      }
    },
  });

/** Loads the chains from the service just saved; what Settings then says of it (savedText). */
async function askedAgain(get: () => PopupState): Promise<NonNullable<PopupState['serviceAnswer']>> {
  await get().loadCatalog();
  const { catalogStatus, catalogError, chains } = get();
  return catalogStatus === 'error' ? { failure: catalogError ?? '' } : { chains: chains.length };
}
