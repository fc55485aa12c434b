import { describe, expect, it } from 'vitest';
import { type BrowserSearch, findChromium, installCommand } from './browser';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';

/** A machine with exactly `files` on it. */
const machine = (files: string[], env: Record<string, string> = {}, osRelease = DEBIAN): BrowserSearch => ({
  env: { PATH: '/usr/local/bin:/usr/bin', ...env },
  exists: (path) => files.includes(path),
  osRelease,
});

describe('findChromium', () => {
  it('finds Debian chromium, Ubuntu chromium-browser and the snap', () => {
    expect(findChromium(machine(['/usr/bin/chromium']))).toEqual({ ok: true, path: '/usr/bin/chromium' });
    expect(findChromium(machine(['/usr/bin/chromium-browser']))).toEqual({
      ok: true,
      path: '/usr/bin/chromium-browser',
    });
    expect(findChromium(machine(['/snap/bin/chromium']))).toEqual({ ok: true, path: '/snap/bin/chromium' });
  });

  it('finds chromium elsewhere on PATH', () => {
    const found = findChromium(machine(['/opt/tools/chromium'], { PATH: '/opt/tools:/usr/bin' }));
    expect(found).toEqual({ ok: true, path: '/opt/tools/chromium' });
  });

  it('takes CHROMIUM_PATH first, and says so when it points at nothing', () => {
    const files = ['/usr/bin/chromium', '/home/me/chrome-linux/chrome'];
    expect(findChromium(machine(files, { CHROMIUM_PATH: '/home/me/chrome-linux/chrome' }))).toEqual({
      ok: true,
      path: '/home/me/chrome-linux/chrome',
    });
    const missing = findChromium(machine(files, { CHROMIUM_PATH: '/nope/chrome' }));
    expect(missing).toEqual({ ok: false, message: 'CHROMIUM_PATH is /nope/chrome, which does not exist.' });
  });

  it('on a machine without one, names the install command and what npm start then shows', () => {
    const found = findChromium(machine([]));
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.message).toContain('sudo apt-get install -y chromium');
    expect(found.message).toContain('Dev Wallet dapp');
    expect(found.message).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('explains that branded Google Chrome will not load the extension', () => {
    const found = findChromium(machine(['/usr/bin/google-chrome']));
    expect(found.ok).toBe(false);
    if (!found.ok) expect(found.message).toMatch(/Google Chrome \(\/usr\/bin\/google-chrome\).*137.*--load-extension/);
  });
});

describe('installCommand', () => {
  it('uses the snap on Ubuntu (its apt package only installs the snap) and apt elsewhere', () => {
    expect(installCommand(UBUNTU)).toBe('sudo snap install chromium');
    expect(installCommand(DEBIAN)).toBe('sudo apt-get install -y chromium');
    expect(installCommand('')).toBe('sudo apt-get install -y chromium');
  });
});
