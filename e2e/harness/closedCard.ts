import type { CDPSession, Page } from 'playwright';

export const CARD_HOST = 'bridge-companion-card';

/**
 * Reads and drives the explorer card through its closed shadow root, the way only the extension can: the probe runs
 * in the extension's own isolated world of the page's top frame (found through CDP) and opens the root with
 * `chrome.dom.openOrClosedShadowRoot`. Playwright's selectors cannot enter closed roots, and a test hook that opened
 * the root in test builds would test something other than what ships. Clicks and typing go through Playwright's
 * mouse and keyboard (CDP input), so the card sees trusted events, as from a person.
 */
export type CardReader = {
  /** Elements matching `selector` inside the card (0 when there is no card). */
  count(selector: string): Promise<number>;
  /** textContent of the `index`th match, null when absent. */
  text(selector: string, index?: number): Promise<string | null>;
  attribute(selector: string, name: string, index?: number): Promise<string | null>;
  value(selector: string): Promise<string | null>;
  /** A computed style property of the first match. */
  style(selector: string, property: string): Promise<string | null>;
  /** Focuses the field, selects its text and types `text` as the keyboard would. */
  fill(selector: string, text: string): Promise<void>;
  /** Focuses a select and types the start of an option's name, key by key, as a person picks from a closed list. */
  choose(selector: string, text: string): Promise<void>;
  /** Clicks the centre of the `index`th match with the mouse. */
  click(selector: string, index?: number): Promise<void>;
  /**
   * Sets the value of the first match (when given) and dispatches synthetic input, change, keydown and click events
   * on it, as a script that got hold of the element could. False when there is no such element.
   */
  synthetic(selector: string, value?: string): Promise<boolean>;
};

type ExecutionContext = { id: number; origin: string; auxData?: { frameId?: string; type?: string } };

/** Runs in the extension's isolated world; serialized, so it takes everything as arguments. */
function probe(op: string, selector: string, index: number, extra: string): unknown {
  const dom = (globalThis as unknown as { chrome: { dom: { openOrClosedShadowRoot(e: Element): ShadowRoot | null } } })
    .chrome.dom;
  const matches = [...document.querySelectorAll('bridge-companion-card')].flatMap((host) => {
    const root = dom.openOrClosedShadowRoot(host);
    return root ? [...root.querySelectorAll(selector)] : [];
  });
  const el = matches[index] as HTMLElement | undefined;
  if (op === 'count') return matches.length;
  if (!el) return null;
  if (op === 'text') return el.textContent;
  if (op === 'attribute') return el.getAttribute(extra);
  if (op === 'value') return (el as HTMLInputElement).value;
  if (op === 'style') return getComputedStyle(el).getPropertyValue(extra);
  if (op === 'box') {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }
  if (op === 'synthetic') {
    // What a script holding the element could do: change it and announce the change with made-up events.
    if ('value' in el && extra) (el as HTMLInputElement).value = extra;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: extra }));
    el.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    el.click();
    return true;
  }
  if (op === 'focus') {
    el.focus();
    (el as HTMLInputElement).select?.();
    return true;
  }
  throw new Error(`unknown probe ${op}`);
}

const sessions = new WeakMap<Page, Promise<{ cdp: CDPSession; contexts: Map<number, ExecutionContext> }>>();

async function sessionFor(page: Page) {
  let session = sessions.get(page);
  if (!session) {
    session = (async () => {
      const cdp = await page.context().newCDPSession(page);
      const contexts = new Map<number, ExecutionContext>();
      cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.set(context.id, context));
      cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => contexts.delete(executionContextId));
      cdp.on('Runtime.executionContextsCleared', () => contexts.clear());
      // Reports every context that exists already, then each new one.
      await cdp.send('Runtime.enable');
      return { cdp, contexts };
    })();
    sessions.set(page, session);
  }
  return session;
}

/**
 * Evaluates `expression` in the extension's isolated world of the page's top frame (where the card and the wallet
 * relay run); `undefined` when there is none. A thrown error or rejection comes back as `{ error }`.
 */
export async function evaluateInExtensionWorld(
  page: Page,
  expression: string,
): Promise<{ value?: unknown; error?: string } | undefined> {
  const { cdp, contexts } = await sessionFor(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const world = [...contexts.values()]
    .filter(
      (c) =>
        c.auxData?.frameId === frameTree.frame.id &&
        c.auxData.type === 'isolated' &&
        c.origin.startsWith('chrome-extension://'),
    )
    .at(-1);
  if (!world) return undefined;
  const answer = await cdp
    .send('Runtime.evaluate', { expression, contextId: world.id, returnByValue: true, awaitPromise: true })
    .catch((err: unknown) => ({ exceptionDetails: { text: String(err) }, result: undefined }));
  if (answer.exceptionDetails) {
    const thrown = (answer.exceptionDetails as { exception?: { description?: string }; text: string }).exception;
    return { error: thrown?.description ?? answer.exceptionDetails.text };
  }
  return { value: answer.result?.value };
}

async function run(page: Page, op: string, selector: string, index = 0, extra = ''): Promise<unknown> {
  const args = [op, selector, index, extra].map((a) => JSON.stringify(a)).join(',');
  const answer = await evaluateInExtensionWorld(page, `(${probe.toString()})(${args})`);
  // No extension world yet (the card is not injected), or the document navigated while asking: no card.
  if (!answer || answer.error !== undefined) return op === 'count' ? 0 : null;
  return answer.value;
}

export function cardOf(page: Page): CardReader {
  return {
    count: async (selector) => (await run(page, 'count', selector)) as number,
    text: async (selector, index = 0) => (await run(page, 'text', selector, index)) as string | null,
    attribute: async (selector, name, index = 0) =>
      (await run(page, 'attribute', selector, index, name)) as string | null,
    value: async (selector) => (await run(page, 'value', selector)) as string | null,
    style: async (selector, property) => (await run(page, 'style', selector, 0, property)) as string | null,
    async fill(selector, text) {
      if (!(await run(page, 'focus', selector))) throw new Error(`no ${selector} in the card`);
      if (text === '') await page.keyboard.press('Backspace');
      else await page.keyboard.insertText(text);
    },
    async choose(selector, text) {
      if (!(await run(page, 'focus', selector))) throw new Error(`no ${selector} in the card`);
      await page.keyboard.type(text);
    },
    synthetic: async (selector, value = '') => (await run(page, 'synthetic', selector, 0, value)) === true,
    async click(selector, index = 0) {
      const at = (await run(page, 'box', selector, index)) as { x: number; y: number } | null;
      if (!at) throw new Error(`no ${selector} in the card`);
      await page.mouse.click(at.x, at.y);
    },
  };
}
