import { type Catalog, loadPackagedCatalog } from '../i18n/catalog';
import { createLanguageSwitch as createContextSwitch, extensionI18n, type I18nApi } from '../i18n/languageSwitch';
import type { LanguageSetting } from '../model/settings';
import { languageMemory } from './languageMemory';

export { extensionI18n, loadPackagedCatalog };

/**
 * The popup's language: the shared switch (src/i18n/languageSwitch.ts, which the background uses too), plus the
 * memory of the last choice in the page's localStorage, so a popup set to another language than the browser's
 * loads that catalog before painting any word.
 */
export type LanguageSwitch = ReturnType<typeof createLanguageSwitch>;

export function createLanguageSwitch(
  api: I18nApi,
  loadCatalog: (language: string) => Promise<Catalog>,
  remember: { get(): string | null; set(value: string): void } = languageMemory,
) {
  const languages = createContextSwitch(api, loadCatalog);
  return {
    /** The language the popup speaks now. */
    current: languages.current,
    /**
     * Makes the popup speak `setting` from the next render on, and remembers it for the next opening. Resolves true
     * when the language changed (the caller renders again), false when it was already spoken or cannot be loaded.
     */
    apply(setting: LanguageSetting | undefined): Promise<boolean> {
      remember.set(setting ?? 'browser');
      return languages.apply(setting);
    },
    /** The language remembered from the last opening, applied before the first render (like the theme). */
    applyRemembered(): Promise<boolean> | undefined {
      const remembered = remember.get();
      if (remembered !== 'en' && remembered !== 'de') return undefined;
      if (languages.wanted(remembered) === languages.current()) return undefined;
      return this.apply(remembered);
    },
  };
}
