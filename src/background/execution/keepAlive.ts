import { browser } from '#imports';

/**
 * Chrome stops an idle extension worker after 30 s, but a person may take minutes in the wallet's window while the
 * worker waits for the answer. Any extension API call resets that timer, so one is made every 20 s while at least
 * one execution holds a claim. (Firefox's event page is kept alive by the open port to the tab.)
 */
export const KEEP_ALIVE_MS = 20_000;

export function createKeepAlive(ping: () => Promise<unknown> = () => browser.runtime.getPlatformInfo()) {
  let claims = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return (): (() => void) => {
    claims++;
    timer ??= setInterval(() => void ping().catch(() => undefined), KEEP_ALIVE_MS);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      claims--;
      if (claims === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  };
}
