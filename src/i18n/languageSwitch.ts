import { type Catalog, catalogMessage } from './catalog';

/** The two members of the extension API's i18n that every word and number is read through. */
export type I18nApi = {
  getMessage(name: string, substitutions?: string | string[]): string;
  getUILanguage(): string;
};

/** The extension API's i18n that `i18n.t` reads through (@wxt-dev/browser's choice: `browser` where it is real). */
export function extensionI18n(): I18nApi {
  const g = globalThis as { browser?: { runtime?: { id?: string }; i18n: I18nApi }; chrome?: { i18n: I18nApi } };
  return (g.browser?.runtime?.id ? g.browser.i18n : g.chrome?.i18n) as I18nApi;
}

/**
 * Another language than the browser's, in one extension context (the popup's page, the background's worker).
 * `i18n.t` ('#i18n', @wxt-dev/i18n) reads every word through the extension API's `i18n.getMessage` at call time,
 * and the formats (src/format/locale.ts) ask its `getUILanguage`: both are answered from the chosen language's own
 * built catalog, so every word, number and date made in that context changes together. The browser's own answers
 * come back with "As the browser".
 */
export type LanguageSwitch = ReturnType<typeof createLanguageSwitch>;

/** Hears every text `getMessage` makes, with the message's name and substitutions (src/i18n/producedWords.ts). */
export type MessageObserver = (name: string, substitutions: string | string[] | undefined, text: string) => void;

export function createLanguageSwitch(
  api: I18nApi,
  loadCatalog: (language: string) => Promise<Catalog>,
  observe?: MessageObserver,
) {
  const browserMessage = api.getMessage.bind(api);
  const browserLanguage = api.getUILanguage.bind(api);
  let applied = browserLanguage();
  let installed: Catalog | undefined;
  // Each apply's number: a catalog that arrives after a later choice was applied is dropped, not installed.
  let latest = 0;

  const install = (language: string, catalog: Catalog | undefined) => {
    const spoken = catalog
      ? (name: string, substitutions?: string | string[]) => catalogMessage(catalog, name, substitutions)
      : browserMessage;
    const getMessage = observe
      ? (name: string, substitutions?: string | string[]) => {
          const text = spoken(name, substitutions);
          observe(name, substitutions, text);
          return text;
        }
      : spoken;
    const getUILanguage = catalog ? () => language : browserLanguage;
    try {
      // Defined rather than assigned: an extension API object may refuse plain assignment of its members.
      Object.defineProperty(api, 'getMessage', { value: getMessage, configurable: true, writable: true });
      Object.defineProperty(api, 'getUILanguage', { value: getUILanguage, configurable: true, writable: true });
    } catch {
      // A browser whose API object cannot be changed keeps its own language (Chromium's can: e2e/popupSettings,
      // e2e/backgroundLanguage).
      return false;
    }
    applied = language;
    installed = catalog;
    return true;
  };

  // An observer hears the browser's own language too, from the first word on.
  if (observe) install(applied, undefined);

  /**
   * The language a setting (src/model/settings.ts, or a language's code) means here: the browser's own for "browser"
   * or for the browser's own language.
   */
  const wanted = (setting: string | undefined) => {
    const native = browserLanguage();
    if (!setting || setting === 'browser' || native.split('-')[0] === setting) return native;
    return setting;
  };

  return {
    /** The language spoken now. */
    current: () => applied,
    /** The catalog spoken instead of the browser's own, if any. */
    catalog: () => installed,
    wanted,
    /**
     * Speaks `setting` from the next word on. Resolves true when the language changed, false when it was already
     * spoken, cannot be loaded, or another choice was applied meanwhile.
     */
    async apply(setting: string | undefined): Promise<boolean> {
      const mine = ++latest;
      const language = wanted(setting);
      if (language === applied) return false;
      if (language === browserLanguage()) return install(language, undefined);
      const catalog = await loadCatalog(language).catch(() => undefined);
      if (mine !== latest) return false;
      return catalog ? install(language, catalog) : false;
    },
  };
}
