import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_EXPLORER_MATCHES } from '../src/explorers/knownExplorers';
import { EXTENSION_DIR, type ExtensionBrowser, launchWithExtension } from './harness/chromium';

type Manifest = {
  manifest_version: number;
  permissions: string[];
  host_permissions: string[];
  optional_host_permissions?: string[];
  background: { service_worker: string };
  action: { default_popup: string };
  content_scripts: { matches: string[]; js: string[] }[];
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

  it('declares a service worker, the popup, the explorer detector and the permissions it uses', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background.service_worker).toBe('background.js');
    expect(manifest.action.default_popup).toBe('popup.html');
    // Only the tiny detector runs on every explorer page; the card bundle is injected into token pages at run time.
    const explorer = manifest.content_scripts.filter((c) => c.matches.includes('https://etherscan.io/*'));
    expect(explorer.map((c) => c.js)).toEqual([['explorer-detector.js']]);
    expect(explorer[0]?.matches.sort()).toEqual([...KNOWN_EXPLORER_MATCHES].sort());
    expect(manifest.content_scripts.flatMap((c) => c.js)).not.toContain('content-scripts/explorer.js');
    for (const permission of ['storage', 'alarms', 'notifications', 'scripting', 'activeTab']) {
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
