import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import preact from '@preact/preset-vite';
import { build } from 'vite';

/**
 * Builds the empty popup (bench/emptyPopup) into a fresh folder as a plain MV3 extension: Vite in production mode
 * with Preact, like the real popup's build, and a background that only echoes messages. Returns the folder, to load
 * with launchWithExtension({ extensionDir }).
 */
export async function buildEmptyPopup(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-empty-popup-'));
  await build({
    root: import.meta.dirname,
    configFile: false,
    logLevel: 'error',
    plugins: [preact()],
    build: {
      outDir,
      emptyOutDir: false,
      rollupOptions: {
        input: {
          popup: join(import.meta.dirname, 'index.html'),
          background: join(import.meta.dirname, 'background.ts'),
        },
        output: { entryFileNames: '[name].js' },
      },
    },
  });
  writeFileSync(
    join(outDir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'Empty popup (bench baseline)',
      version: '1',
      background: { service_worker: 'background.js', type: 'module' },
      action: { default_popup: 'index.html' },
    }),
  );
  return outDir;
}
