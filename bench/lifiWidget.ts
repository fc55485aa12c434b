import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initialJsGzipBytes } from './initialJs';

/**
 * Builds a minimal page that embeds the LI.FI widget in a throwaway folder outside the product (its dependencies
 * never enter ours), with Vite in production mode like our popup, and measures its initial JS the same way.
 */
const WIDGET_DIR = join(tmpdir(), 'bridge-companion-bench-lifi-widget');
const PACKAGES = [
  '@lifi/widget@4',
  '@tanstack/react-query@5',
  'react@19',
  'react-dom@19',
  'vite@7',
  '@vitejs/plugin-react@5',
];

export function lifiWidgetInitialJs(log: (line: string) => void = console.log): { bytes: number; version: string } {
  mkdirSync(WIDGET_DIR, { recursive: true });
  if (!existsSync(join(WIDGET_DIR, 'node_modules/@lifi/widget'))) {
    log(`installing ${PACKAGES.join(' ')} in ${WIDGET_DIR}`);
    writeFileSync(join(WIDGET_DIR, 'package.json'), '{"name":"lifi-widget-bench","private":true,"type":"module"}\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...PACKAGES], {
      cwd: WIDGET_DIR,
      stdio: 'ignore',
    });
  }
  writeFileSync(
    join(WIDGET_DIR, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>\n',
  );
  writeFileSync(
    join(WIDGET_DIR, 'main.jsx'),
    [
      "import { LiFiWidget } from '@lifi/widget';",
      "import { createRoot } from 'react-dom/client';",
      'createRoot(document.getElementById(\'root\')).render(<LiFiWidget integrator="bench" />);',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(WIDGET_DIR, 'vite.config.js'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], logLevel: 'error' };\n",
  );
  execFileSync(join(WIDGET_DIR, 'node_modules/.bin/vite'), ['build'], { cwd: WIDGET_DIR, stdio: 'ignore' });
  const version = (
    JSON.parse(
      execFileSync('node', ['-p', "JSON.stringify(require('@lifi/widget/package.json'))"], {
        cwd: WIDGET_DIR,
      }).toString(),
    ) as { version: string }
  ).version;
  return { bytes: initialJsGzipBytes(join(WIDGET_DIR, 'dist/index.html')).bytes, version };
}
