/**
 * The relative links and pictures of a Markdown page, for the check that the README and docs/ point only at files
 * that exist. Code (fenced blocks and `inline`) is left out: paths there are text, not links.
 */
export type MarkdownLink = { target: string; image: boolean };

export function markdownLinks(markdown: string): MarkdownLink[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
  const links: MarkdownLink[] = [];
  // [text](target) and ![alt](target); the text may itself hold `code`, blanked above, or a picture.
  for (const match of prose.matchAll(/(!?)\[(?:[^\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ target: match[2]!, image: match[1] === '!' });
  }
  for (const match of prose.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) links.push({ target: match[1]!, image: true });
  return links;
}

/** A link that leaves the repository (a web address, mail) or stays on the same page. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const anchors = new Set<string>();
  for (const match of prose.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    anchors.add(
      match[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return anchors;
}
