import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS, USDC_ETH } from '../../../testing/background/fixtures';
import { type Harness, startHarness } from '../../../testing/background/harness';
import { waitFor } from '../../../testing/popup/dom';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';
import { CARD_SCRIPT_FILE } from '../sites/scriptFiles';

type Injection = { target: { tabId: number; documentIds?: string[] }; files?: string[]; func?: unknown };

let server: ScriptedServer;
let h: Harness;
let injections: Injection[];

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  server.script('GET /v1/chains', { body: { chains: CHAINS } });
  server.script('GET /v1/tokens', { body: { tokens: { '1': [USDC_ETH] } } });
  injections = [];
});
afterEach(() => h.runtime.stop());

describe('the started background and token pages', () => {
  it('injects the card when the browser reports a catalog token page, once per document', async () => {
    h = await startHarness(server, { grantedHosts: ['https://etherscan.io/*'] });
    // fakeBrowser has no scripting.executeScript: record calls, and answer the presence check with "no card yet".
    Object.assign(fakeBrowser.scripting, {
      executeScript: async (injection: Injection) => {
        injections.push(injection);
        return [{ frameId: 0, result: injection.func ? false : undefined }];
      },
    });
    const page = {
      tabId: 3,
      frameId: 0,
      documentId: 'DOC',
      frameType: 'outermost_frame',
      url: `https://etherscan.io/token/${USDC_ETH.address}`,
    };
    await fakeBrowser.webNavigation.onDOMContentLoaded.trigger(page as never);
    const cards = () => injections.filter((i) => i.files);
    await waitFor('the card injected', () => cards().length > 0);
    expect(cards()).toHaveLength(1);
    expect(injections.at(-1)).toEqual({ target: { tabId: 3, documentIds: ['DOC'] }, files: [CARD_SCRIPT_FILE] });
    // The page moves within itself to a plain address and back: the card already there follows it.
    await fakeBrowser.webNavigation.onHistoryStateUpdated.trigger(page as never);
    // Then another tab's token page: its card comes after anything the move above would have injected.
    await fakeBrowser.webNavigation.onDOMContentLoaded.trigger({ ...page, tabId: 4, documentId: 'DOC2' } as never);
    await waitFor("the other tab's card", () => cards().length > 1);
    expect(cards().map((i) => i.target)).toEqual([
      { tabId: 3, documentIds: ['DOC'] },
      { tabId: 4, documentIds: ['DOC2'] },
    ]);
  });
});
