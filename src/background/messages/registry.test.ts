import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { guard } from './registry';

// The popup's page, as the fake browser's runtime (its id) sees it.
const PAGE = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/popup.html' };

describe('the message registry', () => {
  it("answers no message before the worker's language is ready, so a message that woke it is not answered in another", async () => {
    let languageReady = () => {};
    const ready = new Promise<void>((resolve) => {
      languageReady = resolve;
    });
    const ran: string[] = [];
    const answer = guard(
      'ping',
      { access: 'page', schema: v.object({}), run: () => ran.push('ran') },
      {},
      async () => [],
      () => ready,
    )({}, PAGE);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toEqual([]);
    languageReady();
    expect(await answer).toEqual({ ok: true, value: 1 });
    expect(ran).toEqual(['ran']);
  });
});
