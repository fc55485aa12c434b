import type { ExplorerFamily } from '../sites/explorerSite';
import { KNOWN_EXPLORERS } from '../sites/knownExplorers';

/**
 * Where the card goes on each explorer family: right after the token header, falling back to any page heading.
 * Selectors, not elements, so WXT's autoMount can wait for headers a single-page app renders late (Blockscout).
 */
export const CARD_ANCHORS: Record<ExplorerFamily, readonly string[]> = {
  // Etherscan-family token and address pages: the header row above the overview cards.
  etherscan: ['#content section.container-xxl > div.border-bottom', '#ContentPlaceHolder1_divSummary', 'main h1', 'h1'],
  // Blockscout's React front end renders its title inside data-testid="page-title".
  blockscout: ['[data-testid="page-title"]', 'main h1', 'h1'],
  generic: ['[data-testid="page-title"]', 'main h1', 'h1'],
};

export function explorerFamilyOf(host: string): ExplorerFamily {
  const bare = host.replace(/^www\./, '');
  return KNOWN_EXPLORERS.find((site) => new URL(site.origin).host === bare)?.family ?? 'generic';
}

/** The first selector present now, else the preferred one (autoMount then waits for it to appear). */
export function cardAnchor(family: ExplorerFamily, doc: Pick<Document, 'querySelector'> = document): string {
  const candidates = CARD_ANCHORS[family];
  return candidates.find((selector) => doc.querySelector(selector) !== null) ?? candidates[0]!;
}
