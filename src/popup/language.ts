import type { LanguageSetting } from '../model/settings';
import { languageMemory } from './languageMemory';

/** One entry of a built `_locales/<lang>/messages.json`, as @wxt-dev/i18n writes it from locales/*.yml. */
export type CatalogEntry = { message: string; placeholders?: Record<string, { content: string }> };
export type Catalog = Record<string, CatalogEntry>;

/**
 * A message with its substitutions, as Chrome's `i18n.getMessage` makes it: named placeholders ($name$) become
 * their content ($1…), then $1… the values, and "$$" a dollar sign. Unknown keys give "", as the browser does.
 */
export function catalogMessage(catalog: Catalog, name: string, substitutions?: string | string[]): string {
  const entry = catalog[name];
  if (!entry) return '';
  const values = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  let text = entry.message;
  for (const [placeholder, { content }] of Object.entries(entry.placeholders ?? {})) {
    text = text.replaceAll(new RegExp(`\\$${placeholder}\\$`, 'gi'), content);
  }
  return text.replace(/\$(\d)|\$\$/g, (_match, index: string | undefined) =>
    index === undefined ? '$' : (values[Number(index) - 1] ?? ''),
  );
}

type I18nApi = {
  getMessage(name: string, substitutions?: string | string[]): string;
  getUILanguage(): string;
};

/**
 * The popup in another language than the browser's. `i18n.t` ('#i18n', @wxt-dev/i18n) reads every word through
 * the extension API's `i18n.getMessage` at call time, and the formats (src/format/locale.ts) ask its
 * `getUILanguage`: both are answered from the chosen language's own built catalog, so every word, number and date
 * of the popup changes together. The browser's own answers come back with "As the browser".
 */
export type LanguageSwitch = ReturnType<typeof createLanguageSwitch>;

export function createLanguageSwitch(
  api: I18nApi,
  loadCatalog: (language: string) => Promise<Catalog>,
  remember: { get(): string | null; set(value: string): void } = languageMemory,
) {
  const browserMessage = api.getMessage.bind(api);
  const browserLanguage = api.getUILanguage.bind(api);
  let applied = browserLanguage();

  const install = (language: string, catalog: Catalog | undefined) => {
    const getMessage = catalog
      ? (name: string, substitutions?: string | string[]) => catalogMessage(catalog, name, substitutions)
      : browserMessage;
    const getUILanguage = catalog ? () => language : browserLanguage;
    try {
      // Defined rather than assigned: an extension API object may refuse plain assignment of its members.
      Object.defineProperty(api, 'getMessage', { value: getMessage, configurable: true, writable: true });
      Object.defineProperty(api, 'getUILanguage', { value: getUILanguage, configurable: true, writable: true });
    } catch {
      // A browser whose API object cannot be changed keeps its own language (Chromium's can, e2e/popupSettings).
      return false;
    }
    applied = language;
    return true;
  };

  /** The language a setting means here: the browser's own for "browser" or for the browser's own language. */
  const wanted = (setting: LanguageSetting | undefined) => {
    const native = browserLanguage();
    if (!setting || setting === 'browser' || native.split('-')[0] === setting) return native;
    return setting;
  };

  return {
    /** The language the popup speaks now. */
    current: () => applied,
    /**
     * Makes the popup speak `setting` from the next render on, and remembers it for the next opening. Resolves true
     * when the language changed (the caller renders again), false when it was already spoken or cannot be loaded.
     */
    async apply(setting: LanguageSetting | undefined): Promise<boolean> {
      remember.set(setting ?? 'browser');
      const language = wanted(setting);
      if (language === applied) return false;
      if (language === browserLanguage()) return install(language, undefined);
      const catalog = await loadCatalog(language).catch(() => undefined);
      return catalog ? install(language, catalog) : false;
    },
    /** The language remembered from the last opening, applied before the first render (like the theme). */
    applyRemembered(): Promise<boolean> | undefined {
      const remembered = remember.get();
      if (remembered !== 'en' && remembered !== 'de') return undefined;
      if (wanted(remembered) === applied) return undefined;
      return this.apply(remembered);
    },
  };
}

/** The extension API's i18n that `i18n.t` reads through (@wxt-dev/browser's choice: `browser` where it is real). */
export function extensionI18n(): I18nApi {
  const g = globalThis as { browser?: { runtime?: { id?: string }; i18n: I18nApi }; chrome?: { i18n: I18nApi } };
  return (g.browser?.runtime?.id ? g.browser.i18n : g.chrome?.i18n) as I18nApi;
}

/**
 * The extension's own built catalog for `language` (packaged with it, so no network is involved): a path from the
 * popup's page, which is the extension's origin, so no extension API (nor its polyfill) is needed to name it.
 */
export async function loadPackagedCatalog(language: string): Promise<Catalog> {
  const response = await fetch(`/_locales/${encodeURIComponent(language)}/messages.json`);
  if (!response.ok) throw new Error(`no catalog for ${language}`);
  return (await response.json()) as Catalog;
}
