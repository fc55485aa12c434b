import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsInto } from '../../testing/relativeImports';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The card and the background meet at two doors: the card's messages, registered by `registerCardMessages` with the
 * narrow deps the background gives it, and the loader that puts the card into token pages. Neither reaches into the
 * other's internals.
 */
describe('the explorer card and the background', () => {
  it('the card imports nothing from the background', () => {
    expect(importsInto(ROOT, 'src/explorerCard', ['src/background'])).toEqual([]);
  });

  it('the background reaches the card only through its registration and its loader', () => {
    const intoCard = importsInto(ROOT, 'src/background', ['src/explorerCard']);
    // The scan sees these imports at all (the check below can fail).
    expect(intoCard.length).toBeGreaterThan(0);
    expect(intoCard.filter((found) => !/explorerCard\/(messages\/register|loader\/\w+)'?$/.test(found))).toEqual([]);
  });
});
