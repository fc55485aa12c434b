import { looksLikeTokenPath } from '../sites/tokenPath';
import { browserCardFrames, type CardFrames, type CardTarget } from './cardFrames';
import { type CatalogReader, findPageToken } from './pageToken';

/** A top-level document that is now at a token-like URL (loaded there, or moved there by the page's own script). */
export type TokenPageVisit = CardTarget & { url: string };

export type CardLoaderDeps = CatalogReader & {
  /** `inlineQuotes: false` keeps the card out of every page. */
  getSettings(): Promise<{ inlineQuotes: boolean }>;
  frames?: CardFrames;
};

/** Documents remembered as having the card (or being decided); the oldest are forgotten first. */
const MAX_REMEMBERED_DOCUMENTS = 500;

/**
 * Decides whether a visited page gets the explorer card, and injects it at most once per document: only for a catalog
 * token's page on a host the person let us script, with inline quotes on. Unknown tokens and plain addresses, the
 * common case on an explorer, never load it. When the catalog cannot be read the card is injected anyway: it asks
 * again itself, a little later. A card already in the document (the page navigated within itself) is left to follow
 * the page on its own.
 */
export function createCardLoader(deps: CardLoaderDeps) {
  const frames = deps.frames ?? browserCardFrames;
  /** Per document (Chromium's documentId, else tab and frame): the last decision, run one after the other. */
  const decisions = new Map<string, Promise<boolean>>();

  async function decide(visit: TokenPageVisit): Promise<boolean> {
    if (!looksLikeTokenPath(new URL(visit.url).pathname)) return false;
    if (!(await deps.getSettings()).inlineQuotes) return false;
    if (!(await frames.mayScript(visit.url))) return false;
    const detected = await findPageToken(deps, visit.url).catch(() => undefined);
    if (detected === null) return false;
    const target: CardTarget = { tabId: visit.tabId, frameId: visit.frameId, documentId: visit.documentId };
    if (await frames.hasCard(target)) return true;
    await frames.injectCard(target);
    return true;
  }

  /** Resolves to whether the card is in the document now; never rejects (there is no one to tell but the log). */
  function show(visit: TokenPageVisit): Promise<boolean> {
    const key = visit.documentId ?? `${visit.tabId}:${visit.frameId}`;
    const previous = decisions.get(key) ?? Promise.resolve(false);
    const run = previous.then(async (hadCard) => {
      // Only a documentId names one document for sure: a tab and frame may hold a newer page by now.
      if (hadCard && visit.documentId) return true;
      try {
        return await decide(visit);
      } catch (err) {
        // The page navigated away or closed meanwhile, or the host permission was withdrawn.
        console.warn('[explorer] could not show the card', err);
        return false;
      }
    });
    decisions.delete(key);
    decisions.set(key, run);
    if (decisions.size > MAX_REMEMBERED_DOCUMENTS) decisions.delete(decisions.keys().next().value!);
    return run;
  }

  return { show };
}

export type CardLoader = ReturnType<typeof createCardLoader>;
