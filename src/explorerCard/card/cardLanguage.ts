import type { SpokenLanguage } from '../../i18n/catalog';
import { createLanguageSwitch, extensionI18n, type I18nApi, type LanguageSwitch } from '../../i18n/languageSwitch';

/**
 * The card speaks the language chosen in Settings, through the switch the popup and the background use
 * (src/i18n/languageSwitch.ts). Its content script cannot read the settings (storage is for trusted contexts) nor
 * fetch the packaged catalog (not web accessible), so the background hands both over with the page's token
 * (detectExplorerToken); with none handed over, the browser's language is spoken again. One switch per page world:
 * the card starts again on every navigation of the page.
 */
export function createCardLanguage(api: I18nApi) {
  let offered: SpokenLanguage | undefined;
  const languages: LanguageSwitch = createLanguageSwitch(api, async (language) => {
    if (offered?.language !== language) throw new Error(`no catalog for ${language}`);
    return offered.catalog;
  });
  return (spoken: SpokenLanguage | undefined): Promise<boolean> => {
    offered = spoken;
    return languages.apply(spoken?.language ?? 'browser');
  };
}

let speak: ReturnType<typeof createCardLanguage> | undefined;

/** Speaks what the background handed over, in this content script's world. */
export const speakCardLanguage = (spoken: SpokenLanguage | undefined): Promise<boolean> => {
  speak ??= createCardLanguage(extensionI18n());
  return speak(spoken);
};
