import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importsInto } from './relativeImports';

const ROOT = resolve(import.meta.dirname, '..');
/** Folders that never ship: tests' scaffolding, the service and devnet, developer tools, benchmarks. */
const NOT_SHIPPED = ['testing', 'e2e', 'server', 'devtools', 'bench', 'scripts', 'contracts'];

describe('what ships', () => {
  it('imports nothing from test, service or developer folders, so builds and the sources zip hold product code only', () => {
    expect(importsInto(ROOT, 'src', NOT_SHIPPED)).toEqual([]);
    expect(importsInto(ROOT, 'entrypoints', NOT_SHIPPED)).toEqual([]);
  });

  it('finds such an import when there is one (the check above can fail)', () => {
    expect(importsInto(ROOT, 'testing', ['src']).length).toBeGreaterThan(0);
  });
});

describe('import cycles', () => {
  it('has none in the extension, the service or the test scaffolding', () => {
    expect(importCycles(ROOT, ['src', 'entrypoints', 'server', 'testing', 'devtools', 'scripts', 'bench'])).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    writeFileSync(join(dir, 'b.ts'), "import type { a } from './a';\nexport const b = 1 as unknown as typeof a;\n");
    expect(importCycles(dir, ['.'])).toEqual([['a.ts', 'b.ts']]);
    rmSync(dir, { recursive: true });
  });
});
