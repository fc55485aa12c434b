import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { which } from '../start/display';

/**
 * A private X screen for the screenshots, so a desktop notification can be pictured as the person sees it. With no
 * notification daemon on that screen, Chromium draws the extension's `chrome.notifications` as its own popup windows
 * in the screen's bottom-right corner; those windows are what `notificationArea` finds and `captureArea` photographs.
 * Needs Xvfb, ImageMagick's `import` and `xwininfo` (Debian: xvfb, imagemagick, x11-utils).
 */
export const X_TOOLS = ['Xvfb', 'import', 'xwininfo'] as const;
export const X_TOOLS_INSTALL = 'apt-get install -y xvfb imagemagick x11-utils';

export function missingXTools(): string[] {
  return X_TOOLS.filter((tool) => !which(tool));
}

export type Screen = { display: string; width: number; height: number; stop(): void };
export type Area = { x: number; y: number; width: number; height: number };

/** Starts Xvfb on the first free display from :90, whatever DISPLAY says: a person's own desktop is never pictured. */
export async function startXvfb(width: number, height: number): Promise<Screen> {
  let n = 90;
  while (existsSync(`/tmp/.X${n}-lock`) || existsSync(`/tmp/.X11-unix/X${n}`)) n++;
  const display = `:${n}`;
  const child: ChildProcess = spawn('Xvfb', [display, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 50 && !existsSync(`/tmp/.X11-unix/X${n}`); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!existsSync(`/tmp/.X11-unix/X${n}`)) throw new Error(`Xvfb did not start on ${display}`);
  return { display, width, height, stop: () => child.kill() };
}

/**
 * The area covered by Chromium's notification popups in `xwininfo -root -tree` output (the second position on a line is the
 * absolute one): nameless top-level windows
 * at least 300×60 that sit in the screen's bottom-right quarter (the browser's own windows have names; its tooltips
 * and bubbles are smaller or elsewhere). Several notifications stack upwards, so the area is their union.
 */
export function notificationArea(tree: string, screen: { width: number; height: number }): Area | undefined {
  const windows: Area[] = [];
  for (const match of tree.matchAll(
    /^\s+0x[0-9a-f]+ \(has no name\): \(\)\s+(\d+)x(\d+)[+-]\d+[+-]\d+\s+\+(-?\d+)\+(-?\d+)/gm,
  )) {
    const [width, height, x, y] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const inCorner = x >= screen.width / 2 && y >= screen.height / 2 && x + width <= screen.width;
    if (width >= 300 && height >= 60 && inCorner) windows.push({ x, y, width, height });
  }
  if (windows.length === 0) return undefined;
  const left = Math.min(...windows.map((w) => w.x));
  const top = Math.min(...windows.map((w) => w.y));
  const right = Math.max(...windows.map((w) => w.x + w.width));
  const bottom = Math.max(...windows.map((w) => w.y + w.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Waits up to `timeoutMs` for a notification popup on the screen, then for its slide-in to settle. */
export async function waitForNotificationArea(screen: Screen, timeoutMs: number): Promise<Area | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const tree = execFileSync('xwininfo', ['-display', screen.display, '-root', '-tree'], { encoding: 'utf8' });
    const area = notificationArea(tree, screen);
    if (area) {
      await new Promise((r) => setTimeout(r, 600));
      return area;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** Photographs `area` of the screen, with `margin` pixels of what lies around it, as a PNG. */
export function captureArea(screen: Screen, area: Area, file: string, margin = 12): void {
  const x = Math.max(0, area.x - margin);
  const y = Math.max(0, area.y - margin);
  const width = Math.min(screen.width - x, area.width + 2 * margin);
  const height = Math.min(screen.height - y, area.height + 2 * margin);
  execFileSync('import', [
    '-display',
    screen.display,
    '-window',
    'root',
    '-crop',
    `${width}x${height}+${x}+${y}`,
    file,
  ]);
}
