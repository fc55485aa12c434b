import { parseHTML } from 'linkedom';

/**
 * A linkedom document installed as the global DOM so Preact can render in node (jsdom is not installed).
 * Returns the app root and a cleanup that removes the globals again.
 */
export function installDom(): { root: HTMLElement; document: Document; cleanup(): void } {
  const { window, document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
  const g = globalThis as Record<string, unknown>;
  const saved = { document: g.document, window: g.window, Node: g.Node, Event: g.Event };
  g.document = document;
  g.window = window;
  g.Node = window.Node;
  return {
    root: document.getElementById('app') as unknown as HTMLElement,
    document: document as unknown as Document,
    cleanup() {
      Object.assign(g, saved);
    },
  };
}

/** Lets Preact flush renders and effects (it schedules them on microtasks and timers). */
export const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a state of the rendered popup, however loaded the machine: `read` is asked again after each flush until it
 * gives something (an element, a true), and the wait gives up with `what` only after a minute.
 */
export async function waitFor<T>(what: string, read: () => T | null | undefined | false): Promise<T> {
  const gaveUpAt = Date.now() + 60_000;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > gaveUpAt) throw new Error(`gave up waiting for ${what}`);
    await settle(10);
  }
}
