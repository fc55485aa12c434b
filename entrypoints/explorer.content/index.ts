import { defineContentScript } from '#imports';
import { KNOWN_EXPLORER_MATCHES } from '../../src/explorers/knownExplorers';
import { looksLikeTokenPath } from '../../src/explorers/tokenPath';

/**
 * Runs on every page of the well-known explorers (and, once permitted, of catalog explorers registered at run time
 * by src/explorers/registration.ts). On a page whose path is not `/token/0x…` or `/address/0x…` it does nothing but
 * listen for single-page navigation: the card code (Preact, messaging, UI) is only imported for token-like paths.
 */
export default defineContentScript({
  matches: KNOWN_EXPLORER_MATCHES,
  // The card's CSS is inlined into its shadow root (src/content/startCard.tsx): nothing is injected into the page.
  cssInjectionMode: 'manual',
  main(ctx) {
    let shownPath: string | null = null;
    let session: { stop(): void } | undefined;
    let generation = 0;

    // WXT fires wxt:locationchange from the Navigation API's `navigate` event, before `location` is updated:
    // always read the URL from the event.
    const check = (url: URL) => {
      // Same token page (only the query or hash changed, e.g. a holders tab): keep the card and its amount.
      if (url.pathname === shownPath) return;
      generation += 1;
      session?.stop();
      session = undefined;
      shownPath = null;
      if (!looksLikeTokenPath(url.pathname)) return;
      const run = generation;
      shownPath = url.pathname;
      void import('../../src/content/startCard').then(({ startCard }) => {
        if (run === generation && ctx.isValid) session = startCard(ctx, url.href);
      });
    };

    ctx.addEventListener(window, 'wxt:locationchange', (event) => check(event.newUrl));
    check(new URL(location.href));
  },
});
