import { defineContentScript } from '#imports';
import { startCard } from '../../src/explorerCard/card/startCard';
import { CARD_PRESENCE_KEY } from '../../src/explorerCard/sites/scriptFiles';
import { looksLikeTokenPath } from '../../src/explorerCard/sites/tokenPath';

/**
 * The card bundle (Preact, messaging, WXT's shadow-root UI). Never in the manifest: the background injects it with
 * scripting.executeScript when the browser reports a catalog token's page (src/explorerCard/loader/). From then
 * on it follows the page's single-page navigation itself: another token replaces the card, a page that is not a
 * token page removes it.
 */
export default defineContentScript({
  registration: 'runtime',
  // The card's CSS is inlined into its shadow root (src/explorerCard/card/startCard.tsx): nothing is injected into the page.
  cssInjectionMode: 'manual',
  main(ctx) {
    // Asked by the background before injecting (src/explorerCard/loader/cardFrames.ts): a live copy is enough.
    (globalThis as unknown as Record<string, unknown>)[CARD_PRESENCE_KEY] = () => !ctx.isInvalid;

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
