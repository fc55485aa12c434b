import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog';
import { createLanguageSwitch } from './languageSwitch';

const GERMAN: Catalog = { popup_tabs_settings: { message: 'Einstellungen' } };

/** An English browser's i18n, with German the only other catalog; `gate` holds the catalog's arrival when set. */
function englishBrowser(gate?: Promise<void>) {
  const api = {
    getMessage: (name: string) => (name === 'popup_tabs_settings' ? 'Settings' : ''),
    getUILanguage: () => 'en-US',
  };
  const loaded: string[] = [];
  const languages = createLanguageSwitch(api, async (language) => {
    loaded.push(language);
    await gate;
    if (language !== 'de') throw new Error('none');
    return GERMAN;
  });
  return { api, loaded, languages };
}

describe('language switch', () => {
  it('speaks German in an English browser once chosen, numbers included, and English again with "browser"', async () => {
    const { api, languages } = englishBrowser();
    expect(await languages.apply('de')).toBe(true);
    expect(api.getMessage('popup_tabs_settings')).toBe('Einstellungen');
    expect(api.getUILanguage()).toBe('de');
    expect(languages.current()).toBe('de');
    expect(languages.catalog()).toBe(GERMAN);
    expect(await languages.apply('de')).toBe(false);
    expect(await languages.apply('browser')).toBe(true);
    expect(api.getMessage('popup_tabs_settings')).toBe('Settings');
    expect(api.getUILanguage()).toBe('en-US');
    expect(languages.catalog()).toBeUndefined();
  });

  it("loads nothing for the browser's own language, and stays put when a catalog cannot be loaded", async () => {
    const { api, loaded, languages } = englishBrowser();
    expect(await languages.apply('en')).toBe(false);
    expect(await languages.apply(undefined)).toBe(false);
    expect(loaded).toEqual([]);
    expect(await languages.apply('xx' as 'de')).toBe(false);
    expect(api.getMessage('popup_tabs_settings')).toBe('Settings');
  });

  it("keeps the browser's language where its API object cannot be changed", async () => {
    const { api, languages } = englishBrowser();
    Object.freeze(api);
    expect(await languages.apply('de')).toBe(false);
    expect(languages.current()).toBe('en-US');
    expect(api.getMessage('popup_tabs_settings')).toBe('Settings');
  });

  it("keeps the later choice when an earlier choice's catalog arrives after it", async () => {
    let arrive = () => {};
    const { api, languages } = englishBrowser(new Promise((resolve) => (arrive = resolve)));
    const german = languages.apply('de');
    expect(await languages.apply('browser')).toBe(false);
    arrive();
    expect(await german).toBe(false);
    expect(api.getMessage('popup_tabs_settings')).toBe('Settings');
    expect(languages.current()).toBe('en-US');
  });
});
