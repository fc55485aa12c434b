import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsInto } from './relativeImports';

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
