import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingXTools } from '../scripts/screenshots/xScreen';
import { nonBlankShare } from './harness/png';

/**
 * `npm run screenshots` renders every main state of the popup and the explorer card, none of them blank, and, where
 * the X tools are installed, the desktop notification Chromium drew for the demo transfer.
 */
const EXPECTED = [
  'popup-start',
  'popup-start-dark',
  'popup-token-picker',
  'popup-validation-error',
  'popup-routes',
  'popup-routes-dark',
  'popup-review',
  'popup-review-dark',
  'popup-settings',
  'popup-settings-dark',
  'popup-activity',
  'popup-activity-dark',
  'explorer-card',
  'explorer-page',
  '01-explorer-inline-card',
  '04-popup-routes',
  '05-popup-sent',
  '06-popup-activity-completed',
];

describe('npm run screenshots', () => {
  const out = mkdtempSync(join(tmpdir(), 'bridge-screenshots-'));

  beforeAll(() => {
    // The script's own output comes with the error when it fails (a time-out on a loaded machine, say); it now also
    // photographs the notification in a headed Chromium on Xvfb, which a busy machine can take minutes over.
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/screenshots.ts', '--out', out], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: 'pipe',
      maxBuffer: 16 * 1024 * 1024,
      timeout: 420_000,
    });
  }, 450_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it.each(EXPECTED)('renders %s as a picture with content, not a blank page', (name) => {
    const file = join(out, `${name}.png`);
    expect(existsSync(file), file).toBe(true);
    expect(nonBlankShare(readFileSync(file))).toBeGreaterThan(0.05);
  });

  it.skipIf(missingXTools().length > 0)('photographs the desktop notification of the completed transfer', () => {
    const png = readFileSync(join(out, 'notification.png'));
    // Chromium's popup is 360 px wide; the picture keeps a margin of what lies around it.
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(360);
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(60);
    expect(nonBlankShare(png)).toBeGreaterThan(0.05);
  });

  it.each(['popup-routes', 'popup-review', 'popup-settings', 'popup-activity'])(
    'shows %s in light and dark differently',
    (name) => {
      const light = readFileSync(join(out, `${name}.png`));
      const dark = readFileSync(join(out, `${name}-dark.png`));
      expect(light.equals(dark)).toBe(false);
    },
  );
});
