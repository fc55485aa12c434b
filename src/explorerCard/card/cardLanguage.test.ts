import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../i18n/catalog';
import { createCardLanguage } from './cardLanguage';

const GERMAN: Catalog = { card_title: { message: 'Hierhin bridgen' } };

function englishPage() {
  const api = {
    getMessage: (name: string) => (name === 'card_title' ? 'Bridge to' : ''),
    getUILanguage: () => 'en-US',
  };
  return { api, speak: createCardLanguage(api) };
}

describe('the card language', () => {
  it("speaks the language the background handed over, and the browser's again when none is", async () => {
    const { api, speak } = englishPage();
    expect(await speak({ language: 'de', catalog: GERMAN })).toBe(true);
    expect(api.getMessage('card_title')).toBe('Hierhin bridgen');
    expect(api.getUILanguage()).toBe('de');
    // The next page of the same tab, the setting unchanged: nothing to do.
    expect(await speak({ language: 'de', catalog: GERMAN })).toBe(false);
    expect(await speak(undefined)).toBe(true);
    expect(api.getMessage('card_title')).toBe('Bridge to');
    expect(api.getUILanguage()).toBe('en-US');
  });

  it("stays in the browser's language when nothing is handed over", async () => {
    const { api, speak } = englishPage();
    expect(await speak(undefined)).toBe(false);
    expect(api.getMessage('card_title')).toBe('Bridge to');
  });
});
