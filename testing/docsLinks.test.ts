import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, isExternal, markdownLinks } from './markdownLinks';

/**
 * The README is the front door: short, with pictures, the two commands, and links into docs/ where the details
 * live. Every relative link there and in docs/ must lead somewhere, so moving a page cannot leave a dead end.
 */
const ROOT = resolve(import.meta.dirname, '..');
const README = join(ROOT, 'README.md');
const pages = [
  README,
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
];
const readme = readFileSync(README, 'utf8');

describe('README', () => {
  it('stays a front door of at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('gives the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('shows its pictures, each a PNG under docs/images/ of at most 150 KB', () => {
    const pictures = markdownLinks(readme).filter((link) => link.image);
    // The popup's routes, the review, Activity, the explorer card and the notification.
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    for (const { target } of pictures) {
      expect(target, target).toMatch(/^docs\/images\/[\w.-]+\.png$/);
      const file = join(ROOT, target);
      expect(existsSync(file), target).toBe(true);
      expect(readFileSync(file).subarray(1, 4).toString(), target).toBe('PNG');
      expect(statSync(file).size, target).toBeLessThanOrEqual(150 * 1024);
    }
  });

  it('links every topic page in docs/', () => {
    const linked = new Set(markdownLinks(readme).map((link) => link.target.split('#')[0]));
    for (const page of pages.filter((p) => p !== README)) {
      expect(linked, page).toContain(`docs/${page.split('/').pop()}`);
    }
  });
});

describe.each(pages.map((page) => [page.slice(ROOT.length + 1), page]))('%s', (_name, page) => {
  const text = readFileSync(page, 'utf8');
  const relative = markdownLinks(text).filter((link) => !isExternal(link.target));

  it('links only to files in this repository that exist, and headings that exist', () => {
    for (const { target } of relative) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = resolve(dirname(page), decodeURIComponent(path));
      expect(file.startsWith(`${ROOT}/`), `${target} leaves the repository`).toBe(true);
      expect(existsSync(file), `${target} does not exist`).toBe(true);
      if (anchor && file.endsWith('.md')) {
        expect(headingAnchors(readFileSync(file, 'utf8')), `${target}: no such heading`).toContain(anchor);
      }
    }
  });

  it('has in-page anchors that match a heading', () => {
    const anchors = headingAnchors(text);
    for (const { target } of markdownLinks(text).filter((link) => link.target.startsWith('#'))) {
      expect(anchors, target).toContain(target.slice(1));
    }
  });
});
