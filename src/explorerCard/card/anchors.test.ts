import { describe, expect, it } from 'vitest';
import { CARD_ANCHORS, cardAnchor, explorerFamilyOf } from './anchors';

const docWith = (present: string[]) => ({
  querySelector: (s: string) => (present.includes(s) ? ({} as Element) : null),
});

describe('anchors', () => {
  it('knows the family of well-known hosts', () => {
    expect(explorerFamilyOf('etherscan.io')).toBe('etherscan');
    expect(explorerFamilyOf('www.basescan.org')).toBe('etherscan');
    expect(explorerFamilyOf('gnosis.blockscout.com')).toBe('blockscout');
    expect(explorerFamilyOf('127.0.0.1:8787')).toBe('generic');
  });

  it('uses the first anchor present, else waits for the preferred one', () => {
    expect(cardAnchor('etherscan', docWith(['h1']))).toBe('h1');
    expect(cardAnchor('etherscan', docWith([]))).toBe(CARD_ANCHORS.etherscan[0]);
    expect(cardAnchor('blockscout', docWith(['main h1', '[data-testid="page-title"]']))).toBe(
      '[data-testid="page-title"]',
    );
  });
});
