import { defineContentScript } from '#imports';
import { startCard } from '../../src/content/startCard';
import { looksLikeTokenPath } from '../../src/explorers/tokenPath';

/**
 * The card bundle (Preact, messaging, WXT's shadow-root UI). Never in the manifest: the tiny detector
 * (entrypoints/explorer-detector.ts) asks the background on a token-like path, and the background injects this file
 * into that frame with scripting.executeScript once the page is a catalog token's (src/background/handlers/
 * explorer.ts). From then on it follows the page's single-page navigation itself: another token replaces the card,
 * a page that is not a token page removes it.
 */
export default defineContentScript({
  registration: 'runtime',
  // The card's CSS is inlined into its shadow root (src/content/startCard.tsx): nothing is injected into the page.
  cssInjectionMode: 'manual',
  main(ctx) {
    let shownPath: string | null = null;
    let session: { stop(): void } | undefined;

    // WXT fires wxt:locationchange from the Navigation API's `navigate` event, before `location` is updated:
    // always read the URL from the event.
    const check = (url: URL) => {
      // Same token page (only the query or hash changed, e.g. a holders tab): keep the card and its amount.
      if (url.pathname === shownPath) return;
      session?.stop();
      session = undefined;
      shownPath = null;
      if (!looksLikeTokenPath(url.pathname) || ctx.isInvalid) return;
      shownPath = url.pathname;
      session = startCard(ctx, url.href);
    };

    ctx.addEventListener(window, 'wxt:locationchange', (event) => check(event.newUrl));
    check(new URL(location.href));
  },
});
