import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

describe('settings item', () => {
  beforeEach(() => fakeBrowser.reset());

  it('migrates settings written by version 2 to version 4, keeping every value, adding the system theme and the opt-in off', async () => {
    const v2 = {
      apiBaseUrl: 'https://li.quest',
      apiKey: 'k',
      slippage: 0.01,
      routeOrder: 'TIME',
      bridges: { allow: [], deny: ['hop'], prefer: [] },
      notifications: false,
      inlineQuotes: true,
      apiDialect: 'lifi',
      rpcUrls: { '1': 'https://eth.example' },
    };
    await fakeBrowser.storage.local.set({ settings: v2, settings$: { v: 2 } });
    // WXT migrates when the item is defined: define it (import the module) after the old value is stored.
    vi.resetModules();
    const { settingsItem } = await import('./settings');
    expect(await settingsItem.getValue()).toEqual({ ...v2, theme: 'system', showUnprovenRoutes: false });
  });

  it('migrates settings written by version 3 to version 4 with routes only a bridge promises left out', async () => {
    const v3 = {
      apiBaseUrl: 'https://li.quest',
      apiKey: '',
      slippage: 0.005,
      routeOrder: 'SAFETY',
      bridges: { allow: [], deny: [], prefer: [] },
      notifications: true,
      inlineQuotes: false,
      apiDialect: 'lifi',
      rpcUrls: {},
      theme: 'dark',
      language: 'de',
    };
    await fakeBrowser.storage.local.set({ settings: v3, settings$: { v: 3 } });
    vi.resetModules();
    const { settingsItem } = await import('./settings');
    expect(await settingsItem.getValue()).toEqual({ ...v3, showUnprovenRoutes: false });
  });
});
