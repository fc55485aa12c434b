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
