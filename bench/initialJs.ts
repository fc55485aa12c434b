import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip size of the JavaScript a page needs before it can run: its module scripts plus every chunk they import
 * statically (followed through the chunks' own `import … from` statements). Dynamic imports are not counted.
 * The same function measures our popup and the LI.FI widget page, so the ratio compares like with like.
 */
export function initialJsGzipBytes(htmlFile: string): { bytes: number; files: string[] } {
  const root = dirname(htmlFile);
  const html = readFileSync(htmlFile, 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = entries.map((src) => resolveAsset(root, root, src));
  let bytes = 0;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file);
    bytes += gzipSync(code, { level: 9 }).length;
    const text = code.toString('utf8');
    for (const m of text.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(resolveAsset(root, dirname(file), m[1]!));
    }
  }
  return { bytes, files: [...seen] };
}

function resolveAsset(root: string, from: string, src: string): string {
  return src.startsWith('/') ? join(root, src) : join(from, src);
}

export function gzipFileBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}
