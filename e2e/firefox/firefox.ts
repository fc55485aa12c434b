import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

const ROOT = resolve(import.meta.dirname, '../..');

/** Debian's Firefox ESR (`apt-get install -y firefox-esr`), or FIREFOX_PATH. */
export function firefoxPath(): string {
  const path = process.env.FIREFOX_PATH ?? ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p) => existsSync(p));
  if (!path) throw new Error('No Firefox: apt-get install -y firefox-esr, or set FIREFOX_PATH');
  return path;
}

/**
 * Builds the Firefox add-on into a temporary folder, pointed at `apiUrl`. The Firefox tests cannot write the
 * extension's storage from outside (WebDriver BiDi reaches no extension context until one is open in a tab), so the
 * service URL is baked in, as `npm start` does for its own copy.
 */
export function buildFirefoxExtension(env: Record<string, string>): { dir: string; remove(): void } {
  const out = mkdtempSync(join(tmpdir(), 'bridge-firefox-'));
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, ...env, BRIDGE_OUT_DIR: out },
  });
  return { dir: join(out, 'firefox-mv2'), remove: () => rmSync(out, { recursive: true, force: true }) };
}

/** Headless Firefox ESR over WebDriver BiDi with the add-on at `extensionPath` (a folder or a zip) installed. */
export async function launchFirefox(
  extensionPath: string,
  prefs: Record<string, unknown> = {},
): Promise<{ browser: Browser; addonId: string }> {
  const dump = process.env.FIREFOX_DUMPIO === '1';
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    // FIREFOX_DUMPIO=1 prints the add-on's console (the background page's included) with Firefox's own output.
    dumpio: dump,
    extraPrefsFirefox: {
      ...prefs,
      ...(dump ? { 'devtools.console.stdout.chrome': true, 'devtools.console.stdout.content': true } : {}),
    },
  });
  try {
    const addonId = await browser.installExtension(extensionPath);
    return { browser, addonId };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/**
 * The open tab showing one of the extension's pages whose path starts with `path`. BiDi lists moz-extension tabs
 * as about:blank and refuses to navigate to them, but evaluates in them once the extension opened them.
 */
export async function extensionTab(browser: Browser, path: string, timeoutMs = 20_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const page of await browser.pages()) {
      const href = await page.evaluate(() => location.href).catch(() => '');
      if (/^moz-extension:\/\/[^/]+\//.test(href) && new URL(href).pathname.startsWith(path)) return page;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no extension tab at ${path}`);
}

/** Tries `attempt` every 200 ms until it gives something, or `timeoutMs` passes (then undefined). */
async function poll<T>(attempt: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await attempt();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

/**
 * Polls `fn` in the page until it returns something truthy; on timeout the error says what the page shows. Each try
 * is a plain evaluation: puppeteer's waitForFunction builds its poller with `Function()`, which Firefox ESR 140's
 * BiDi subjects to the page's CSP (the devnet explorer's and the extension pages' forbid it).
 */
export async function waitInPage<T>(page: Page, fn: () => T, timeoutMs = 30_000): Promise<void> {
  let last: unknown;
  const met = await poll(async () => {
    try {
      // A handle, as `fn` may return an element (truthy, but not something evaluate can hand back by value).
      const handle = await page.evaluateHandle(fn);
      const truthy = handle.asElement() !== null || Boolean(await handle.jsonValue());
      await handle.dispose();
      return truthy || undefined;
    } catch (err) {
      last = err; // A navigation in progress destroys the context: try again.
      return undefined;
    }
  }, timeoutMs);
  if (met) return;
  const shown = await page.evaluate(() => document.body?.textContent ?? '').catch(() => '(page gone)');
  throw new Error(`Waiting failed${last ? ` (${String(last)})` : ''}\nthe page shows:\n${shown.slice(0, 2000)}`);
}

/** The first element `find` returns (run in the page with `arg`), as a handle to click like a person would. */
export async function elementBy(
  page: Page,
  find: (arg: string) => Element | null | undefined,
  arg = '',
): Promise<ElementHandle<Element>> {
  const element = await poll(async () => {
    const handle = await page.evaluateHandle(find, arg).catch(() => undefined);
    const found = handle?.asElement();
    if (found) return found as ElementHandle<Element>;
    await handle?.dispose().catch(() => undefined);
    return undefined;
  }, 30_000);
  if (!element) throw new Error(`no element found by ${find.toString().slice(0, 200)}`);
  return element;
}
