import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { onMessage, removeAllListeners } from '../messaging/protocol';
import { RemoteError } from '../messaging/reply';
import { createMessagingApi } from './api';

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});

describe('the popup client', () => {
  it('sends the message its property names, with the data, and answers the reply’s value', async () => {
    const seen: unknown[] = [];
    onMessage('getServiceHold', ({ data }) => {
      seen.push(data);
      return { ok: true, value: { until: 5 } };
    });
    onMessage('stopExecution', ({ data }) => {
      seen.push(data);
      return { ok: true, value: undefined };
    });
    const api = createMessagingApi();
    expect(await api.getServiceHold()).toEqual({ until: 5 });
    await api.stopExecution({ id: 'a'.repeat(32) });
    expect(seen).toEqual([undefined, { id: 'a'.repeat(32) }]);
  });

  it('throws a refusal as RemoteError with its plain words', async () => {
    onMessage('getSettings', () => ({
      ok: false,
      error: { name: 'ForbiddenSenderError', shortMessage: 'Not allowed here.', code: 'FORBIDDEN_SENDER' },
    }));
    const failure = await createMessagingApi()
      .getSettings()
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(RemoteError);
    expect(failure).toMatchObject({ shortMessage: 'Not allowed here.', code: 'FORBIDDEN_SENDER' });
  });

  it('is not mistaken for a promise', async () => {
    const api = createMessagingApi();
    expect(await Promise.resolve(api)).toBe(api);
  });
});
