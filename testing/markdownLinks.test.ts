import { describe, expect, it } from 'vitest';
import { headingAnchors, isExternal, markdownLinks } from './markdownLinks';

describe('markdownLinks', () => {
  it('finds links and pictures, Markdown and HTML, with their targets', () => {
    const page = [
      'See [the trust model](docs/trust-model.md#known-limits) and [`server/README.md`](server/README.md).',
      '![The popup](docs/images/popup.png "routes") <img src="docs/images/card.png" alt="card">',
      '[web](https://li.quest)',
    ].join('\n');
    expect(markdownLinks(page)).toEqual([
      { target: 'docs/trust-model.md#known-limits', image: false },
      { target: 'server/README.md', image: false },
      { target: 'docs/images/popup.png', image: true },
      { target: 'https://li.quest', image: false },
      { target: 'docs/images/card.png', image: true },
    ]);
  });

  it('leaves out what is only code', () => {
    const page = ['```md', '[not a link](missing.md)', '```', 'Inline `[nor this](gone.md)` either.'].join('\n');
    expect(markdownLinks(page)).toEqual([]);
  });

  it('tells links that leave the repository from relative ones', () => {
    expect(isExternal('https://li.quest')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('#read-on')).toBe(true);
    expect(isExternal('docs/lifi.md')).toBe(false);
    expect(isExternal('../server/README.md')).toBe(false);
  });

  it("makes GitHub's heading anchors", () => {
    const anchors = headingAnchors("# Using LI.FI's production API (li.quest)\n## What `npm start` shows\n");
    expect([...anchors]).toEqual(['using-lifis-production-api-liquest', 'what-npm-start-shows']);
  });
});
