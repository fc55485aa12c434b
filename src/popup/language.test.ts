import { describe, expect, it } from 'vitest';
import type { Catalog } from '../i18n/catalog';
import { createLanguageSwitch } from './language';

const GERMAN: Catalog = { popup_tabs_settings: { message: 'Einstellungen' } };

function englishBrowser() {
  const api = {
    getMessage: (name: string) => (name === 'popup_tabs_settings' ? 'Settings' : ''),
    getUILanguage: () => 'en-US',
  };
  const stored: { value: string | null } = { value: null };
  const loaded: string[] = [];
  const languages = createLanguageSwitch(
    api,
    async (language) => {
      loaded.push(language);
      return GERMAN;
    },
    {
      get: () => stored.value,
      set: (value) => {
        stored.value = value;
      },
    },
  );
  return { api, stored, loaded, languages };
}

/** The popup's part: the shared switch (src/i18n/languageSwitch.test.ts) plus the memory of the last choice. */
describe('popup language', () => {
  it('remembers each choice for the next opening', async () => {
    const { api, stored, languages } = englishBrowser();
    expect(await languages.apply('de')).toBe(true);
    expect(api.getMessage('popup_tabs_settings')).toBe('Einstellungen');
    expect(stored.value).toBe('de');
    expect(await languages.apply(undefined)).toBe(true);
    expect(stored.value).toBe('browser');
    expect(api.getMessage('popup_tabs_settings')).toBe('Settings');
  });

  it('applies the language remembered from the last opening before the first render', async () => {
    const { api, stored, loaded, languages } = englishBrowser();
    expect(languages.applyRemembered()).toBeUndefined();
    stored.value = 'en';
    expect(languages.applyRemembered()).toBeUndefined();
    stored.value = 'de';
    expect(await languages.applyRemembered()).toBe(true);
    expect(api.getMessage('popup_tabs_settings')).toBe('Einstellungen');
    expect(languages.applyRemembered()).toBeUndefined();
    expect(loaded).toEqual(['de']);
  });
});
