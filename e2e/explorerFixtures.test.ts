import { existsSync, readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { CARD_ANCHORS } from '../src/explorerCard/card/anchors';
import type { ExplorerFamily } from '../src/explorerCard/sites/explorerSite';
import { KNOWN_EXPLORERS } from '../src/explorerCard/sites/knownExplorers';
import { FIXTURE_FAMILIES, FIXTURE_PAGES, fixturePath } from './fixtures/explorers/serve';

/**
 * Convention: every explorer adapter (a family with its own card anchors) has saved pages the browser tests serve,
 * and the family's preferred anchor really is on its token page (or rendered there by the page's own script).
 */
describe('explorer adapters have fixture pages', () => {
  const families = Object.keys(CARD_ANCHORS) as ExplorerFamily[];

  it('covers every family the anchors and the well-known list name', () => {
    const used = new Set<string>([...families, ...KNOWN_EXPLORERS.map((site) => site.family)]);
    expect([...used].sort()).toEqual([...FIXTURE_FAMILIES].sort());
  });

  it.each(families)('%s has a token, an address and a non-token page', (family) => {
    for (const page of FIXTURE_PAGES) expect(existsSync(fixturePath(family, `${page}.html`)), page).toBe(true);
  });

  it.each(families)('the %s token page carries one of its anchors', (family) => {
    const html = readFileSync(fixturePath(family, 'token.html'), 'utf8');
    // linkedom comes with WXT (its build-time DOM); enough to run the card's selectors against saved markup.
    const { document } = parseHTML(html);
    const inMarkup = CARD_ANCHORS[family].filter((selector) => document.querySelector(selector) !== null);
    // A client-rendered explorer (Blockscout) builds its title in script: the script must produce the anchor.
    const app = fixturePath(family, 'app.js');
    const rendered = existsSync(app) && readFileSync(app, 'utf8').includes("'data-testid', 'page-title'");
    expect(inMarkup.length > 0 || rendered, `${family}: none of ${CARD_ANCHORS[family].join(', ')}`).toBe(true);
    if (family === 'etherscan') expect(inMarkup[0]).toBe(CARD_ANCHORS.etherscan[0]);
  });
});
