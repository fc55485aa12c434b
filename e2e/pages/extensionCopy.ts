import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_DIR } from '../../devtools/chromium';

/**
 * A private copy of the built extension: other builds in the same working tree rewrite .output while a test runs,
 * and Chromium loading a half-written folder fails to start the service worker.
 */
export function copyBuiltExtension(): string {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) throw new Error('Build the extension first: npx wxt build');
  const dir = mkdtempSync(join(tmpdir(), 'bridge-ext-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  return dir;
}
