import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, extensionArgs } from '../../devtools/chromium';
import { unresolvedRelativeImports } from '../../testing/relativeImports';
import { launchFirefox } from './firefox';

const ROOT = resolve(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
/** Strings only the Dev Wallet and the devnet's well-known keys carry: none may reach a store package. */
const DEV_ONLY = [
  'Dev Wallet',
  'dev.bridge-companion.wallet',
  'test test test test test test test test test test test junk',
  'ac0974bec39a17e36ba4a6b4d7d46be5d0f6', // anvil account 0's private key
];
/**
 * web-ext lint warnings the store package is allowed, with the reason in the README ("Firefox"): Preact's renderer
 * contains an innerHTML assignment for dangerouslySetInnerHTML, which this project never uses.
 */
const KNOWN_LINT_WARNINGS = ['UNSAFE_VAR_ASSIGNMENT'];

type Manifest = {
  manifest_version: number;
  version: string;
  permissions: string[];
  host_permissions?: string[];
  content_security_policy?: string | { extension_pages: string };
  browser_specific_settings?: { gecko: { id: string; data_collection_permissions?: { required: string[] } } };
};

/** `npm run zip`: the packages for the Chrome Web Store and addons.mozilla.org, and the sources zip AMO asks for. */
describe('store packages', () => {
  const out = mkdtempSync(join(tmpdir(), 'bridge-store-'));
  const unpacked = mkdtempSync(join(tmpdir(), 'bridge-store-unpacked-'));
  let zips: string[];
  const manifest = (browser: 'chrome-mv3' | 'firefox-mv2') =>
    JSON.parse(readFileSync(join(out, browser, 'manifest.json'), 'utf8')) as Manifest;

  beforeAll(() => {
    execFileSync('npm', ['run', 'zip'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, BRIDGE_OUT_DIR: out } });
    zips = readdirSync(out).filter((f) => f.endsWith('.zip'));
    // Builds the extension (12–40 s, more on a busy machine) before anything runs.
  }, 360_000);
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(unpacked, { recursive: true, force: true });
  });

  it('makes the Chrome zip, the Firefox zip and the sources zip, named with the package version', () => {
    expect(zips.sort()).toEqual([
      `bridge-companion-${VERSION}-chrome.zip`,
      `bridge-companion-${VERSION}-firefox.zip`,
      `bridge-companion-${VERSION}-sources.zip`,
    ]);
    const sources = execFileSync('unzip', ['-Z1', join(out, `bridge-companion-${VERSION}-sources.zip`)], {
      encoding: 'utf8',
    }).split('\n');
    for (const file of ['package.json', 'package-lock.json', 'wxt.config.ts', 'README.md', 'src/env.d.ts']) {
      expect(sources).toContain(file);
    }
    const notExtension = /^(server|e2e|testing|devtools|bench|scripts|contracts|node_modules|\.output)\//;
    expect(sources.filter((f) => notExtension.test(f) || f.includes('.test.'))).toEqual([]);
    // Everything the zipped code imports is in the zip: a reviewer can build from it, and no test scaffolding hides
    // in src/ under a name the filter above would not catch.
    const dir = join(unpacked, 'sources');
    execFileSync('unzip', ['-q', join(out, `bridge-companion-${VERSION}-sources.zip`), '-d', dir]);
    expect(unresolvedRelativeImports(dir)).toEqual([]);
  });

  it('asks for no loopback host, limits images by CSP and carries the package version', () => {
    const chrome = manifest('chrome-mv3');
    const firefox = manifest('firefox-mv2');
    for (const m of [chrome, firefox]) {
      expect(m.version).toBe(VERSION);
      const hosts = [...m.permissions, ...(m.host_permissions ?? [])];
      for (const host of LOOPBACK) expect(hosts).not.toContain(host);
      expect(hosts).toContain('https://li.quest/*');
    }
    const csp = "script-src 'self'; object-src 'self'; img-src 'self' https: data:";
    expect(chrome.content_security_policy).toEqual({ extension_pages: csp });
    expect(firefox.content_security_policy).toBe(csp);
    expect(firefox.browser_specific_settings?.gecko.data_collection_permissions?.required).toEqual([
      'financialAndPaymentInfo',
      'websiteActivity',
    ]);
  });

  it('carries no dev-only code and defaults to LI.FI', () => {
    for (const browser of ['chrome-mv3', 'firefox-mv2'] as const) {
      const files = execFileSync('find', [join(out, browser), '-name', '*.js'], { encoding: 'utf8' })
        .trim()
        .split('\n');
      const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
      for (const text of DEV_ONLY) expect(code, `${browser} holds "${text}"`).not.toContain(text);
      expect(code).toContain('https://li.quest');
      expect(code).not.toContain('http://127.0.0.1:8787');
    }
  });

  it("passes Mozilla's add-ons linter with no errors and only the known warnings", () => {
    let report: string;
    try {
      report = execFileSync('npx', ['web-ext', 'lint', '-s', join(out, 'firefox-mv2'), '--output', 'json'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    } catch (err) {
      report = (err as { stdout: string }).stdout;
    }
    const lint = JSON.parse(report) as { errors: { code: string }[]; warnings: { code: string; file?: string }[] };
    expect(lint.errors).toEqual([]);
    expect(lint.warnings.filter((w) => !KNOWN_LINT_WARNINGS.includes(w.code))).toEqual([]);
  });

  it('installs the Chrome zip in Chromium: the background starts', async () => {
    const dir = join(unpacked, 'chrome');
    execFileSync('unzip', ['-q', join(out, `bridge-companion-${VERSION}-chrome.zip`), '-d', dir]);
    const profile = mkdtempSync(join(tmpdir(), 'bridge-store-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: extensionArgs(dir),
    });
    try {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
      const manifest = await worker.evaluate(() =>
        (globalThis as unknown as { chrome: { runtime: { getManifest(): Manifest } } }).chrome.runtime.getManifest(),
      );
      expect(manifest.version).toBe(VERSION);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('installs the Firefox zip in Firefox', async () => {
    const { browser, addonId } = await launchFirefox(join(out, `bridge-companion-${VERSION}-firefox.zip`));
    try {
      expect(addonId).toBe('bridge-companion@example.org');
    } finally {
      await browser.close();
    }
  });
});
