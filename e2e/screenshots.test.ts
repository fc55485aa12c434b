import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingXTools } from '../scripts/screenshots/xScreen';
import { nonBlankShare } from './harness/png';

/** Every state of the popup the tour (scripts/screenshots/popupTour.ts) takes, in each language. */
const POPUP_STATES = [
  'popup-start',
  'popup-chain-picker',
  'popup-token-picker',
  'popup-wallet-menu',
  'popup-validation-error',
  'popup-routes',
  'popup-routes-compared',
  'popup-review',
  'popup-review-end',
  'popup-no-route',
  'popup-value-loss',
  'popup-review-solana',
  'popup-review-one-confirmation',
  'popup-review-destination-gas',
  'popup-review-two-signatures',
  'popup-review-refused',
  'popup-step-waiting',
  'popup-waiting-banner',
  'popup-activity-waiting',
  'popup-sent',
  'popup-sending',
  'popup-send-failed',
  'popup-revoke-waiting',
  'popup-revoke-declined',
  'popup-activity-search',
  'popup-service-down',
  'popup-recipient-ens',
  'popup-review-ens',
  'popup-recent-recipients',
  'popup-lookup-unknown',
  'popup-activity-cancelled',
  'popup-review-fee-parties',
  'popup-review-gas-on-arrival',
  'popup-settings',
  'popup-settings-end',
  'popup-activity',
];

/**
 * `npm run screenshots` renders every state of the popup in English and German, the main ones dark too, and the
 * explorer card, none of them blank, each at the popup's 360 × 600, and, where the X tools are installed, the
 * desktop notification Chromium drew for the demo transfer.
 */
const EXPECTED = [
  ...POPUP_STATES,
  ...POPUP_STATES.map((name) => `${name}-de`),
  'popup-start-dark',
  'popup-routes-dark',
  'popup-review-dark',
  'popup-settings-dark',
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
    // photographs the notification in a headed Chromium on Xvfb, which a busy machine can take minutes over, and
    // sends two more transfers per language (one to an ENS name, one the wallet cancels): a bound, never a pause.
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/screenshots.ts', '--out', out], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: 'pipe',
      maxBuffer: 16 * 1024 * 1024,
      timeout: 900_000,
    });
  }, 930_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it.each(EXPECTED)('renders %s as a picture with content, not a blank page', (name) => {
    const file = join(out, `${name}.png`);
    expect(existsSync(file), file).toBe(true);
    expect(nonBlankShare(readFileSync(file))).toBeGreaterThan(0.05);
  });

  it.each(EXPECTED.filter((name) => name.startsWith('popup-')))('pictures %s at 360 × 600', (name) => {
    const png = readFileSync(join(out, `${name}.png`));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([360, 600]);
  });

  it('shows the German states in German: not the same pictures as the English ones', () => {
    for (const name of POPUP_STATES) {
      expect(readFileSync(join(out, `${name}-de.png`)).equals(readFileSync(join(out, `${name}.png`))), name).toBe(
        false,
      );
    }
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
