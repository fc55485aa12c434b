import { browser } from 'wxt/browser';
import { CARD_PRESENCE_KEY, CARD_SCRIPT_FILE } from '../sites/scriptFiles';

/** One top-level document of a tab; `documentId` where the browser gives one (Chromium), so a newer page is never hit. */
export type CardTarget = { tabId: number; frameId: number; documentId?: string };

/** What the card loader does to pages: the browser's scripting and permissions APIs, replaceable in tests. */
export type CardFrames = {
  /** Whether the extension may script this page's host (granted at install, at run time, or not at all). */
  mayScript(url: string): Promise<boolean>;
  /** Whether a live card script is already in the document (it follows the page's navigation itself). */
  hasCard(target: CardTarget): Promise<boolean>;
  /** Injects the card bundle (entrypoints/explorer.content). */
  injectCard(target: CardTarget): Promise<void>;
};

const injection = ({ tabId, frameId, documentId }: CardTarget) =>
  documentId ? { tabId, documentIds: [documentId] } : { tabId, frameIds: [frameId] };

export const browserCardFrames: CardFrames = {
  async mayScript(url) {
    const { protocol, hostname } = new URL(url);
    return browser.permissions.contains({ origins: [`${protocol}//${hostname}/*`] });
  },
  async hasCard(target) {
    const [result] = await browser.scripting.executeScript({
      target: injection(target),
      // Runs in the page's isolated world, where the card lives; serialized, so it takes the key as an argument.
      func: (key: string) => {
        const alive = (globalThis as unknown as Record<string, unknown>)[key];
        return typeof alive === 'function' && alive() === true;
      },
      args: [CARD_PRESENCE_KEY],
    });
    return result?.result === true;
  },
  async injectCard(target) {
    await browser.scripting.executeScript({ target: injection(target), files: [CARD_SCRIPT_FILE] });
  },
};
