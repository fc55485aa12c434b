import { TOKEN_LIKE_PATH } from './tokenPath';

/**
 * The always-on part of the explorer card: runs on every page of the well-known explorers (and of permitted catalog
 * explorers) and only checks the path. On a token-like path it asks the background to inject the card bundle
 * (`loadExplorerCard`), which from then on follows the page's navigation itself, so the detector stops listening.
 *
 * Plain code on purpose: no WXT content-script context, no polyfill, no messaging library (a page that is not a token
 * page should pay for a regex test and two listeners, nothing more). The message is sent in @webext-core/messaging's
 * wire format, so the background answers it with the same typed handler as every other message.
 */
export const LOAD_CARD_MESSAGE = 'loadExplorerCard';

type Runtime = {
  sendMessage(message: unknown, callback: (response: unknown) => void): void;
  readonly lastError?: unknown;
};
type Listen = {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
};

export type DetectorEnv = {
  /**
   * A function, not the object: the first touch of `chrome.runtime` makes Chromium build the extension API bindings
   * for the isolated world, which costs several milliseconds; a page that is not token-like never pays for it.
   */
  runtime(): Runtime;
  location: { readonly href: string; readonly pathname: string };
  /**
   * Where same-document navigations are announced: the Navigation API's `currententrychange` (Chromium, recent
   * Firefox), else `popstate` on the window.
   */
  navigations: { target: Listen; type: 'currententrychange' | 'popstate' };
};

/** The `Reply<boolean>` of loadExplorerCard, as @webext-core/messaging wraps it (`{ res }`). */
const cardLoaded = (response: unknown) => {
  const reply = (response as { res?: { ok?: unknown; value?: unknown } } | undefined)?.res;
  return reply?.ok === true && reply.value === true;
};

/** Starts watching; returns a function that stops (also called once the card is loaded). */
export function startDetector(env: DetectorEnv = globalEnv()): () => void {
  const { location } = env;
  // Lets the background tell this document from a later one in the same frame where senders carry no documentId.
  // Made on the first request: a page that is not token-like does nothing it does not have to.
  let page: string | undefined;
  let done = false;
  let asking = false;
  let askedPath: string | null = null;

  const check = () => {
    const path = location.pathname;
    // Same path (a query or hash change, or the answer for it is still coming): nothing new to ask.
    if (done || asking || path === askedPath || !TOKEN_LIKE_PATH.test(path)) return;
    asking = true;
    askedPath = path;
    page ??= Math.random().toString(36).slice(2) + Date.now().toString(36);
    const message = { id: 0, type: LOAD_CARD_MESSAGE, data: { url: location.href, page }, timestamp: Date.now() };
    try {
      const runtime = env.runtime();
      runtime.sendMessage(message, (response) => {
        // Read, so Chromium does not log "Unchecked runtime.lastError" when the worker could not answer.
        void runtime.lastError;
        asking = false;
        if (cardLoaded(response)) stop();
        // The page moved on while the background was deciding: look at where it is now.
        else check();
      });
    } catch {
      // The extension was reloaded or removed: this copy can no longer reach it.
      stop();
    }
  };

  // `currententrychange` fires after the URL changed and only for same-document navigations (pushState,
  // replaceState, back/forward, intercepted navigations); a full navigation brings its own detector. Without the
  // Navigation API, back/forward (popstate) is what can be seen cheaply from an isolated world: the page's own
  // pushState cannot be wrapped from here, and polling would cost every page.
  const { target, type } = env.navigations;
  target.addEventListener(type, check);
  function stop() {
    done = true;
    target.removeEventListener(type, check);
  }
  check();
  return stop;
}

function globalEnv(): DetectorEnv {
  const g = globalThis as unknown as { chrome: { runtime: Runtime }; navigation?: Listen };
  return {
    runtime: () => g.chrome.runtime,
    location,
    navigations: g.navigation
      ? { target: g.navigation, type: 'currententrychange' }
      : { target: window, type: 'popstate' },
  };
}
