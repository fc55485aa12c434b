import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('declares a service worker, the popup, the explorer content script and the permissions it uses', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background.service_worker).toBe('background.js');
    expect(manifest.action.default_popup).toBe('popup.html');
    expect(manifest.content_scripts.some((c) => c.matches.includes('https://etherscan.io/*'))).toBe(true);
    for (const permission of ['storage', 'alarms', 'notifications', 'scripting', 'activeTab']) {
      expect(manifest.permissions).toContain(permission);
    }
    // Only loopback (the local reference service) up front; everything else is asked for when needed.
    expect(manifest.host_permissions.every((h) => /^http:\/\/(127\.0\.0\.1|localhost)\//.test(h))).toBe(true);
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
