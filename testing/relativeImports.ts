import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(ts|tsx)$/;
// The specifier without a bundler query such as `?inline`.
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)(?:\?[^'"]*)?['"]/g;
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Each `file: specifier` under `root` whose relative import names no file under `root`. */
export function unresolvedRelativeImports(root: string): string[] {
  return sourceFiles(root).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] as string)
      .filter((spec) => {
        const target = resolve(dirname(file), spec);
        return !target.startsWith(`${resolve(root)}/`) || !CANDIDATES.some((ext) => existsSync(target + ext));
      })
      .map((spec) => `${relative(root, file)}: ${spec}`),
  );
}

const TEST_FILE = /\.test\.tsx?$/;

/**
 * Each `file: specifier` of a product source file under `dir` (tests beside the code are left out: they may use the
 * scaffolding) that imports from one of `forbidden` (folders of `root`).
 */
export function importsInto(root: string, dir: string, forbidden: string[]): string[] {
  const banned = forbidden.map((folder) => `${resolve(root, folder)}/`);
  const product = sourceFiles(resolve(root, dir)).filter((file) => !TEST_FILE.test(file));
  return product.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] as string)
      .filter((spec) => banned.some((folder) => resolve(dirname(file), spec).startsWith(folder)))
      .map((spec) => `${relative(root, file)}: ${spec}`),
  );
}

/** The relative imports of `file` that resolve to a source file, as absolute paths. */
function importedFiles(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
    const target = resolve(dirname(file), match[1] as string);
    const found = CANDIDATES.map((ext) => target + ext).find((path) => SOURCE.test(path) && existsSync(path));
    return found ? [found] : [];
  });
}

/**
 * Import cycles among the source files under `dirs` (folders of `root`), each as the files of the cycle relative to
 * `root`, found by a depth-first walk; type-only imports count too, since a cycle of types is still a tangle to read.
 */
export function importCycles(root: string, dirs: string[]): string[][] {
  const files = dirs.flatMap((dir) => sourceFiles(resolve(root, dir)));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const walk = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of importedFiles(file)) {
      if (state.get(next) === 'open')
        cycles.push([...path.slice(path.indexOf(next)), file].map((f) => relative(root, f)));
      else if (!state.has(next)) walk(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) walk(file, []);
  return cycles;
}
