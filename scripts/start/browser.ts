import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where Chromium lives on the systems people run this on: Debian, Ubuntu (apt or snap), or CHROMIUM_PATH. */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
const CHROMIUM_NAMES = ['chromium', 'chromium-browser'];
/** Branded Google Chrome: found only to explain why it does not do (137+ ignores --load-extension). */
const CHROME_CANDIDATES = ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'];

export type BrowserSearch = {
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  /** The text of /etc/os-release, to name the right install command. */
  osRelease: string;
};

export type ChromiumFound = { ok: true; path: string } | { ok: false; message: string };

const systemSearch = (): BrowserSearch => ({
  env: process.env,
  exists: existsSync,
  osRelease: (() => {
    try {
      return readFileSync('/etc/os-release', 'utf8');
    } catch {
      return '';
    }
  })(),
});

/** The command that installs a Chromium that loads unpacked extensions, for this system. */
export function installCommand(osRelease: string): string {
  // Ubuntu's apt package chromium-browser only installs the snap, so name the snap directly there.
  if (/^ID=("?)ubuntu\1$/m.test(osRelease)) return 'sudo snap install chromium';
  return 'sudo apt-get install -y chromium';
}

/**
 * A Chromium that `npm start` can load the extension into, or the words that tell the person how to get one:
 * CHROMIUM_PATH when set (and it must exist), else the usual install places and PATH.
 */
export function findChromium(search: BrowserSearch = systemSearch()): ChromiumFound {
  const { env, exists } = search;
  if (env.CHROMIUM_PATH) {
    if (exists(env.CHROMIUM_PATH)) return { ok: true, path: env.CHROMIUM_PATH };
    return { ok: false, message: `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist.` };
  }
  const inPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => CHROMIUM_NAMES.map((name) => join(dir, name)));
  const path = [...CHROMIUM_CANDIDATES, ...inPath].find(exists);
  if (path) return { ok: true, path };

  const chrome = CHROME_CANDIDATES.find(exists);
  const install = installCommand(search.osRelease);
  const lines = [
    chrome
      ? `Found Google Chrome (${chrome}) but no Chromium: branded Chrome 137 and later ignores --load-extension, so it cannot open with the extension loaded.`
      : 'No Chromium found (looked for chromium and chromium-browser in /usr/bin, /snap/bin and PATH).',
    `Install it with:\n\n    ${install}\n`,
    'then run `npm start` again: Chromium opens with the extension loaded, a Dev Wallet dapp tab, a devnet explorer token page with the inline quote card, and the popup in a window of its own.',
    'Or point CHROMIUM_PATH at a Chromium build you already have.',
  ];
  return { ok: false, message: lines.join('\n') };
}
