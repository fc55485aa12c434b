import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backgroundMessages } from '../background/messages/list';
import { cardMessages } from '../explorerCard/messages/list';

const ROOT = resolve(import.meta.dirname, '../..');
/** Where messages are declared: a name there is not a send. */
const DECLARATIONS = [resolve(ROOT, 'src/background/messages'), resolve(ROOT, 'src/explorerCard/messages')];

/** The extension's product sources (src/ and entrypoints/, tests left out), as text. */
function productSources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return DECLARATIONS.includes(path) ? [] : walk(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  return [...walk(resolve(ROOT, 'src')), ...walk(resolve(ROOT, 'entrypoints'))].map((f) => readFileSync(f, 'utf8'));
}

/**
 * The messages no product code sends: neither `sendMessage('name', …)` (content scripts) nor `api.name(…)` (the
 * popup's client, src/popup/api.ts). A message only tests send is a door into the background nobody needs.
 */
function unsent(names: string[], sources: string[]): string[] {
  return names.filter((name) => {
    const sends = [new RegExp(`sendMessage\\(\\s*['"]${name}['"]`), new RegExp(`\\bapi\\s*\\.\\s*${name}\\s*\\(`)];
    return !sources.some((text) => sends.some((send) => send.test(text)));
  });
}

const declared = Object.keys({ ...backgroundMessages, ...cardMessages });

describe('the protocol', () => {
  it('declares each message once, its handler with it (so none lacks one)', () => {
    expect(declared.length).toBe(Object.keys(backgroundMessages).length + Object.keys(cardMessages).length);
    for (const declaration of [...Object.values(backgroundMessages), ...Object.values(cardMessages)]) {
      expect(typeof declaration.run).toBe('function');
    }
  });

  it('has a sender in product code for every message', () => {
    expect(unsent(declared, productSources())).toEqual([]);
  });

  it('finds a message no product code sends (the check above can fail)', () => {
    expect(unsent([...declared, 'neverSentByAnyone'], productSources())).toEqual(['neverSentByAnyone']);
    expect(unsent(['getRoutes'], ['api.getRoutes({ request, channel })'])).toEqual([]);
    expect(unsent(['getRoutes'], ['// api.getRoutesCount(1)', "sendMessage('getRoutesOld', {})"])).toEqual([
      'getRoutes',
    ]);
  });
});
