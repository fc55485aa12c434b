import { browser } from 'wxt/browser';
import { looksLikeTokenPath } from '../sites/tokenPath';
import type { TokenPageVisit } from './cardLoader';

/**
 * The worker is woken only for URLs that could be token pages, on any host (catalog explorers are not known when
 * listeners must be registered); the card loader then checks the host against the explorers.
 */
export const TOKEN_PAGE_FILTER = { url: [{ pathContains: '/token/0x' }, { pathContains: '/address/0x' }] };

/** The members of a webNavigation event read here (Firefox has no documentId, frameType or documentLifecycle). */
export type NavigationDetails = {
  tabId: number;
  frameId: number;
  url: string;
  documentId?: string;
  frameType?: string;
  documentLifecycle?: string;
};

/** A top-level, live document of a tab at a token-like http(s) URL; anything else is not a card's place. */
export function tokenPageVisit(details: NavigationDetails): TokenPageVisit | null {
  const topLevel = details.frameType ? details.frameType === 'outermost_frame' : details.frameId === 0;
  if (!topLevel || details.tabId < 0 || details.documentLifecycle === 'pending_deletion') return null;
  let url: URL;
  try {
    url = new URL(details.url);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !looksLikeTokenPath(url.pathname)) return null;
  const visit: TokenPageVisit = { tabId: details.tabId, frameId: details.frameId, url: details.url };
  if (details.documentId) visit.documentId = details.documentId;
  return visit;
}

/**
 * Token pages as the browser reports them, instead of a content script on every explorer page: a page load
 * (DOMContentLoaded, when the token header is usually there) and the page's own same-document navigations
 * (pushState, replaceState, back and forward, Navigation API). A page that is not a token page runs nothing of
 * ours. Register synchronously at the top of the worker, so these events wake it.
 */
export function listenTokenPages(onVisit: (visit: TokenPageVisit) => void): () => void {
  const listener = (details: NavigationDetails) => {
    const visit = tokenPageVisit(details);
    if (visit) onVisit(visit);
  };
  browser.webNavigation.onDOMContentLoaded.addListener(listener, TOKEN_PAGE_FILTER);
  browser.webNavigation.onHistoryStateUpdated.addListener(listener, TOKEN_PAGE_FILTER);
  return () => {
    browser.webNavigation.onDOMContentLoaded.removeListener(listener);
    browser.webNavigation.onHistoryStateUpdated.removeListener(listener);
  };
}
