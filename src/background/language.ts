import { loadPackagedCatalog, type SpokenLanguage } from '../i18n/catalog';
import { createLanguageSwitch, extensionI18n, type LanguageSwitch } from '../i18n/languageSwitch';
import { createWordMemory } from '../i18n/producedWords';
import type { Settings } from '../model/settings';

/**
 * The texts the worker made lately, with the words behind them: a record keeps the words of a reason it stores
 * (src/background/execution/followStep.ts), so Activity says it in the language chosen later (docs/settings.md).
 */
export const producedWords = createWordMemory();

export type BackgroundLanguage = {
  /** Resolves once the language of the latest setting the worker knows of is spoken (or could not be loaded). */
  settled(): Promise<void>;
  /**
   * The language spoken instead of the browser's, with its catalog, once settled: handed to the explorer card, whose
   * content script cannot read the settings nor the packaged catalog. Undefined while the browser's is spoken.
   */
  spoken(): Promise<SpokenLanguage | undefined>;
  /** Stops following the setting (tests restart the worker). */
  stop(): void;
};

/**
 * The worker speaks the language chosen in Settings, as the popup does: the errors it answers messages with, the
 * words it stores in records (a declined send, a simulation's refusal) and its desktop notifications are built here
 * with `i18n.t`, so they follow the same switch (src/i18n/languageSwitch.ts). The stored setting is applied at every
 * start and at every change, wherever it was written; whatever builds words first awaits `settled()`, so a message
 * that woke the worker is not answered in the browser's language while the catalog is still on its way.
 */
export function followLanguage(
  settings: { get(): Promise<Settings>; subscribe(listener: (settings: Settings) => void): () => void },
  languages: Pick<LanguageSwitch, 'apply' | 'current' | 'catalog'> = createLanguageSwitch(
    extensionI18n(),
    loadPackagedCatalog,
    producedWords.remember,
  ),
): BackgroundLanguage {
  let latest: Promise<void> = Promise.resolve();
  const apply = (setting: Settings['language'] | undefined) => {
    // A catalog that cannot be read leaves the language as it was: the words still come, in the browser's language.
    latest = languages.apply(setting).then(
      () => undefined,
      (err) => console.warn('[background] could not change the language', err),
    );
  };
  let changed = false;
  const unsubscribe = settings.subscribe((next) => {
    changed = true;
    apply(next.language);
  });
  // Read once at start, unless a change was published meanwhile: the switch keeps the latest apply, and the value
  // read may be older than the change.
  const first = settings.get().then(
    (current) => {
      if (!changed) apply(current.language);
    },
    (err) => console.warn('[background] could not read the language setting', err),
  );
  const settled = async () => {
    await first;
    // Until no newer choice came while waiting.
    let awaited: Promise<void>;
    do {
      awaited = latest;
      await awaited;
    } while (awaited !== latest);
  };
  return {
    settled,
    async spoken() {
      await settled();
      const catalog = languages.catalog();
      return catalog ? { language: languages.current(), catalog } : undefined;
    },
    stop: unsubscribe,
  };
}
