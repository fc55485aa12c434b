import { describe, expect, it } from 'vitest';
import { type Catalog, catalogMessage, createLanguageSwitch } from './language';

const GERMAN: Catalog = {
  popup_tabs_settings: { message: 'Einstellungen' },
  popup_form_balance: { message: 'Guthaben: $1' },
  price: { message: '$1 $$ ($2)' },
  named: { message: 'Hallo $who$', placeholders: { who: { content: '$1' } } },
};

describe('catalog messages', () => {
  it('substitutes as the browser does: $1…, named placeholders, "$$", "" for unknown keys', () => {
    expect(catalogMessage(GERMAN, 'popup_tabs_settings')).toBe('Einstellungen');
    expect(catalogMessage(GERMAN, 'popup_form_balance', ['100.000 USDC'])).toBe('Guthaben: 100.000 USDC');
    expect(catalogMessage(GERMAN, 'popup_form_balance', '5')).toBe('Guthaben: 5');
    expect(catalogMessage(GERMAN, 'price', ['3', 'x'])).toBe('3 $ (x)');
    expect(catalogMessage(GERMAN, 'named', ['Welt'])).toBe('Hallo Welt');
    expect(catalogMessage(GERMAN, 'missing')).toBe('');
  });
});

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
      if (language !== 'de') throw new Error('none');
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

describe('language switch', () => {
  it('speaks German in an English browser once chosen, numbers included, and English again with "browser"', async () => {
    const { api, stored, languages } = englishBrowser();
    expect(await languages.apply('de')).toBe(true);
    expect(api.getMessage('popup_tabs_settings')).toBe('Einstellungen');
    expect(api.getUILanguage()).toBe('de');
    expect(stored.value).toBe('de');
    expect(await languages.apply('de')).toBe(false);
    expect(await languages.apply('browser')).toBe(true);
    expect(api.getMessage('popup_tabs_settings')).toBe('Settings');
    expect(api.getUILanguage()).toBe('en-US');
    expect(stored.value).toBe('browser');
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

  it('applies the language remembered from the last opening before the first render', async () => {
    const { api, stored, languages } = englishBrowser();
    expect(languages.applyRemembered()).toBeUndefined();
    stored.value = 'de';
    expect(await languages.applyRemembered()).toBe(true);
    expect(api.getMessage('popup_tabs_settings')).toBe('Einstellungen');
  });
});
