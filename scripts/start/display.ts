import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { ProcessGroup } from './processes';

export function which(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, binary);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * A display for the headed browser: the current one, else a private Xvfb server when Xvfb is installed.
 * Returns undefined when there is neither (the caller explains the choices).
 */
export async function ensureDisplay(group: ProcessGroup): Promise<string | undefined> {
  if (process.env.DISPLAY) return process.env.DISPLAY;
  const xvfb = which('Xvfb');
  if (!xvfb) return undefined;
  let n = 99;
  while (existsSync(`/tmp/.X${n}-lock`) || existsSync(`/tmp/.X11-unix/X${n}`)) n++;
  const display = `:${n}`;
  const child = group.spawn(xvfb, [display, '-screen', '0', '1400x900x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !existsSync(`/tmp/.X11-unix/X${n}`); i++) {
    if (child.exitCode !== null) return undefined;
    await new Promise((r) => setTimeout(r, 100));
  }
  return display;
}
