import { describe, expect, it } from 'vitest';
import type { Catalog } from '../i18n/catalog';
import { createLanguageSwitch } from '../i18n/languageSwitch';
import type { Settings } from '../model/settings';
import { defaultSettings } from '../storage/settings';
import { followLanguage } from './language';

const GERMAN: Catalog = { wallet_rejected: { message: 'Du hast abgelehnt.' } };

/** Settings whose start read resolves when `release` is called, with `publish` as a change written anywhere. */
function heldSettings(language: Settings['language']) {
  const listeners = new Set<(settings: Settings) => void>();
  let release = () => {};
  const read = new Promise<Settings>((resolve) => {
    release = () => resolve({ ...defaultSettings(), language });
  });
  return {
    settings: {
      get: () => read,
      subscribe(listener: (settings: Settings) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    release,
    publish: (next: Settings['language']) => {
      for (const listener of listeners) listener({ ...defaultSettings(), language: next });
    },
  };
}

/** An English worker's i18n and a switch whose German catalog arrives when `arrive` is called. */
function englishWorker() {
  const api = {
    getMessage: (name: string) => (name === 'wallet_rejected' ? 'You declined.' : ''),
    getUILanguage: () => 'en',
  };
  let arrive = () => {};
  const catalog = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const languages = createLanguageSwitch(api, async () => {
    await catalog;
    return GERMAN;
  });
  return { api, languages, arrive: () => arrive() };
}

describe('the background language', () => {
  it('speaks the stored language once settled, and not before its catalog is in', async () => {
    const { settings, release } = heldSettings('de');
    const { api, languages, arrive } = englishWorker();
    const language = followLanguage(settings, languages);
    let settled = false;
    const waiting = language.settled().then(() => {
      settled = true;
    });
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    arrive();
    await waiting;
    expect(api.getMessage('wallet_rejected')).toBe('Du hast abgelehnt.');
    expect(api.getUILanguage()).toBe('de');
    expect(await language.spoken()).toEqual({ language: 'de', catalog: GERMAN });
  });

  it('follows a change of the setting, and stops following it', async () => {
    const { settings, release, publish } = heldSettings('browser');
    const { api, languages, arrive } = englishWorker();
    arrive();
    const language = followLanguage(settings, languages);
    release();
    await language.settled();
    expect(api.getMessage('wallet_rejected')).toBe('You declined.');
    publish('de');
    await language.settled();
    expect(api.getMessage('wallet_rejected')).toBe('Du hast abgelehnt.');
    publish('browser');
    await language.settled();
    expect(api.getUILanguage()).toBe('en');
    expect(await language.spoken()).toBeUndefined();
    language.stop();
    publish('de');
    await language.settled();
    expect(api.getMessage('wallet_rejected')).toBe('You declined.');
  });

  it('keeps a change published while the start read was on its way over the older value read', async () => {
    const { settings, release, publish } = heldSettings('browser');
    const { api, languages, arrive } = englishWorker();
    arrive();
    const language = followLanguage(settings, languages);
    publish('de');
    release();
    await language.settled();
    expect(api.getMessage('wallet_rejected')).toBe('Du hast abgelehnt.');
  });
});
