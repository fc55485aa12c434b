import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsInto } from '../testing/relativeImports';

const ROOT = resolve(import.meta.dirname, '..');

describe('the two dialects over one core', () => {
  it('keeps the shared core free of either dialect, and each dialect free of the other', () => {
    // routing/ resolves requests, searches, re-derives sent steps and builds transactions for both (server/README.md).
    expect(importsInto(ROOT, 'server/routing', ['server/spec', 'server/lifi'])).toEqual([]);
    expect(importsInto(ROOT, 'server/spec', ['server/lifi'])).toEqual([]);
    expect(importsInto(ROOT, 'server/lifi', ['server/spec'])).toEqual([]);
  });
});
