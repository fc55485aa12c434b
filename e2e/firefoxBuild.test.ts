import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type FirefoxManifest = {
  manifest_version: number;
  permissions: string[];
  optional_permissions?: string[];
  background: { scripts: string[] };
  browser_action: { default_popup: string };
  content_scripts?: { matches: string[]; js: string[] }[];
  browser_specific_settings: { gecko: { id: string } };
};

/** `npm run build:firefox`: the MV2 build Firefox loads, with the same abilities as the Chrome one. */
describe('Firefox build', () => {
  const out = mkdtempSync(join(tmpdir(), 'bridge-firefox-'));
  let manifest: FirefoxManifest;

  beforeAll(() => {
    execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: 'ignore',
      env: { ...process.env, BRIDGE_OUT_DIR: out },
    });
    manifest = JSON.parse(readFileSync(join(out, 'firefox-mv2/manifest.json'), 'utf8')) as FirefoxManifest;
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('is an MV2 add-on with an id, a background script and the popup, and no script on every page', () => {
    expect(manifest.manifest_version).toBe(2);
    expect(manifest.browser_specific_settings.gecko.id).toBe('bridge-companion@example.org');
    expect(manifest.background.scripts).toContain('background.js');
    expect(manifest.browser_action.default_popup).toBe('popup.html');
    // Firefox has webNavigation with URL filters too: the background injects the card there the same way.
    expect(manifest.content_scripts ?? []).toEqual([]);
    expect(manifest.permissions).toContain('webNavigation');
    expect(manifest.permissions).toContain('https://etherscan.io/*');
  });

  it('can ask for other API and explorer hosts at run time, as the Chrome build can', () => {
    for (const permission of ['storage', 'alarms', 'notifications', 'scripting', 'http://127.0.0.1/*']) {
      expect(manifest.permissions).toContain(permission);
    }
    expect(manifest.optional_permissions).toEqual(['https://*/*', 'http://*/*']);
    expect(manifest.permissions).not.toContain('<all_urls>');
  });
});
