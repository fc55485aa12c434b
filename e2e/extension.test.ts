import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_DIR, type ExtensionBrowser, launchWithExtension } from '../devtools/chromium';
import { KNOWN_EXPLORER_MATCHES } from '../src/explorerCard/sites/knownExplorers';

type Manifest = {
  manifest_version: number;
  permissions: string[];
  host_permissions: string[];
  optional_host_permissions?: string[];
  background: { service_worker: string };
  action: { default_popup: string };
  content_scripts?: { matches: string[]; js: string[] }[];
  web_accessible_resources?: unknown[];
};

describe('built extension', () => {
  let browser: ExtensionBrowser;
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Manifest;

  beforeAll(async () => {
    browser = await launchWithExtension();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('declares a service worker, the popup and the permissions it uses, and no script on every page', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background.service_worker).toBe('background.js');
    expect(manifest.action.default_popup).toBe('popup.html');
    // The card is injected into catalog token pages at run time; nothing of ours is declared to run on other pages.
    expect(manifest.content_scripts ?? []).toEqual([]);
    for (const permission of ['storage', 'alarms', 'notifications', 'scripting', 'activeTab', 'webNavigation']) {
      expect(manifest.permissions).toContain(permission);
    }
    // Loopback (the local reference service) and exactly the well-known explorers (where the card is injected) up
    // front; everything else is asked for when needed.
    const loopback = manifest.host_permissions.filter((h) => /^http:\/\/(127\.0\.0\.1|localhost)\/\*$/.test(h));
    expect(loopback.sort()).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(manifest.host_permissions.filter((h) => !loopback.includes(h)).sort()).toEqual(
      [...KNOWN_EXPLORER_MATCHES].sort(),
    );
    for (const host of manifest.host_permissions) {
      expect(host).not.toContain('<all_urls>');
      expect(host).toMatch(/^https?:\/\/[a-z0-9.-]+\/\*$/);
    }
  });

  it('asks for nothing at install beyond the explorer hosts, browsing history and notifications', async () => {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
    // Chromium's own install-prompt text for a manifest (no management permission needed for this call).
    const warnings = (m: Manifest) =>
      page.evaluate(
        (json) =>
          new Promise<string[]>((resolve) =>
            (
              globalThis as unknown as {
                chrome: { management: { getPermissionWarningsByManifest(s: string, f: (w: string[]) => void): void } };
              }
            ).chrome.management.getPermissionWarningsByManifest(json, resolve),
          ),
        JSON.stringify(m),
      );
    const built = await warnings(manifest);
    // webNavigation (how the background learns of token pages) shares its warning with tabs: it adds nothing.
    expect(
      await warnings({ ...manifest, permissions: manifest.permissions.filter((p) => p !== 'webNavigation') }),
    ).toEqual(built);
    expect(built).toEqual([
      expect.stringMatching(/^Read and change your data on a number of websites/),
      'Read your browsing history',
      'Display notifications',
    ]);
    await page.close();
  });

  it('runs its service worker in Chromium', () => {
    expect(browser.extensionId).toMatch(/^[a-p]{32}$/);
    expect(browser.serviceWorker.url()).toBe(`chrome-extension://${browser.extensionId}/background.js`);
  });

  it('opens the popup page without errors', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
    await page.waitForLoadState('domcontentloaded');
    await expect.poll(async () => (await page.locator('body').innerText()).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
