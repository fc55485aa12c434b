import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Worker } from 'playwright';
import { findChromium } from '../scripts/start/browser';
import type { Settings } from '../src/model/settings';

/** The build the browser tests load: `npm run build`'s, or the one in BRIDGE_OUT_DIR (a second build beside it). */
export const EXTENSION_DIR = resolve(
  process.env.BRIDGE_OUT_DIR ?? resolve(import.meta.dirname, '../.output'),
  'chrome-mv3',
);

/** CHROMIUM_PATH, else Debian's or Ubuntu's Chromium (scripts/start/browser.ts); Debian's path when there is none. */
export function chromiumPath(): string {
  const found = findChromium();
  return found.ok ? found.path : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
}

/**
 * Flags for Chromium with an unpacked extension on this kind of machine: no sandbox (root), no GPU, and none of the
 * background networking a closed network would refuse.
 */
export function extensionArgs(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
}

export type ExtensionBrowser = {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  userDataDir: string;
  /** The unpacked extension loaded (its path gives the extension ID: a restart must load the same one). */
  extensionDir: string;
  /** Closes the browser; the profile is kept when `keepProfile` (to test a restart). */
  close(options?: { keepProfile?: boolean }): Promise<void>;
};

/**
 * Launches Debian Chromium with the built extension. Pass `userDataDir` from an earlier launch to reopen the same
 * profile (browser restart with state kept).
 */
export async function launchWithExtension(
  options: {
    userDataDir?: string;
    headless?: boolean;
    extensionDir?: string;
    /** The browser's UI language (the one `browser.i18n` picks the extension's catalog by), e.g. `de`. */
    lang?: string;
    /** Draws the classic scrollbars a headed Chromium shows (Playwright's headless one hides them). */
    scrollbars?: boolean;
  } = {},
): Promise<ExtensionBrowser> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'bridge-e2e-'));
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: options.headless ?? true,
    args: [...extensionArgs(extensionDir), ...(options.lang ? [`--lang=${options.lang}`] : [])],
    ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    ...(options.lang
      ? { locale: options.lang, env: { ...process.env, LANGUAGE: options.lang, LANG: `${options.lang}.UTF-8` } }
      : {}),
  });
  const serviceWorker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(serviceWorker.url()).host;
  return {
    context,
    extensionId,
    serviceWorker,
    userDataDir,
    extensionDir,
    async close({ keepProfile = false } = {}) {
      await context.close();
      if (!keepProfile) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The current service worker (it may have been restarted since launch). */
export async function currentServiceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
}

/** `chrome` as seen inside the service worker (these functions run there, not in Node). */
type ChromeGlobal = {
  chrome: {
    storage: {
      local: { set(v: Record<string, unknown>): Promise<void>; get(k: string): Promise<Record<string, unknown>> };
    };
  };
};

/**
 * The whole Settings object (src/storage/settings.ts) for a test, pointed at `apiBaseUrl`; notifications and
 * inline quotes are off unless the test turns them on. Store it under the `settings` key.
 */
export function testSettings(apiBaseUrl: string, overrides: Partial<Settings> = {}): Settings {
  return {
    apiBaseUrl,
    apiKey: '',
    slippage: 0.005,
    routeOrder: 'OUTPUT',
    bridges: { allow: [], deny: [], prefer: [] },
    notifications: false,
    inlineQuotes: false,
    apiDialect: 'auto',
    rpcUrls: {},
    theme: 'system',
    ...overrides,
  };
}

/** ID of the first tab whose URL starts with `urlPrefix` (asked of the extension, which sees every tab). */
export async function tabIdOf(worker: Worker, urlPrefix: string): Promise<number> {
  const id = await worker.evaluate(async (prefix) => {
    const { chrome } = globalThis as unknown as {
      chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };
    };
    return (await chrome.tabs.query({})).find((t) => t.url?.startsWith(prefix))?.id;
  }, urlPrefix);
  if (id === undefined) throw new Error(`no tab at ${urlPrefix}`);
  return id;
}

/** Writes extension storage through the service worker, e.g. to point it at a test service. */
export async function setExtensionStorage(worker: Worker, values: Record<string, unknown>): Promise<void> {
  await worker.evaluate(async (v) => {
    await (globalThis as unknown as ChromeGlobal).chrome.storage.local.set(v);
  }, values);
}

export async function getExtensionStorage(worker: Worker, key: string): Promise<unknown> {
  return worker.evaluate(
    async (k) => (await (globalThis as unknown as ChromeGlobal).chrome.storage.local.get(k))[k],
    key,
  );
}
