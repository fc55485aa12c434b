import { describe, expect, it } from 'vitest';
import { RemoteError, type SerializedError } from '../messaging/reply';
import { blamesServiceSettings, serviceChanged } from './serviceBlame';

const remote = (error: Partial<SerializedError>) =>
  new RemoteError({ name: 'HttpRequestError', shortMessage: 'x', ...error });

describe('blamesServiceSettings', () => {
  it.each([
    ['an answer that breaks the dialect', { name: 'SchemaError' }],
    ['an answer that is not JSON', { name: 'InvalidResponseError' }],
    ['a chain listing of neither dialect', { name: 'UnknownDialectError' }],
    ['an address nothing answers at', { name: 'NetworkError' }],
    ['a path the service does not have', { status: 404, code: 1003 }],
    ['a 404 from something that is no routing service', { status: 404 }],
    ['a refused key', { status: 401 }],
    ['a forbidden key', { status: 403 }],
  ])('points to Settings for %s', (_, error) => {
    expect(blamesServiceSettings(remote(error))).toBe(true);
  });

  it.each([
    ['no route, in the service’s own words', { status: 404, code: 1002 }],
    ['a busy service', { name: 'RateLimitError', status: 429 }],
    ['a broken service', { name: 'ServerError', status: 502 }],
    ['a slow service', { name: 'TimeoutError' }],
    ['a refused request', { status: 400, code: 1011 }],
  ])('does not for %s', (_, error) => {
    expect(blamesServiceSettings(remote(error))).toBe(false);
  });

  it('does not for a failure inside the extension', () => {
    expect(blamesServiceSettings(new Error('storage'))).toBe(false);
  });
});

describe('serviceChanged', () => {
  const before = { apiBaseUrl: 'https://li.quest', apiDialect: 'auto', hasApiKey: false };
  it('is false for the same service saved again with other settings', () => {
    expect(serviceChanged(before, { apiBaseUrl: 'https://li.quest', apiDialect: 'auto' })).toBe(false);
    expect(serviceChanged(before, {})).toBe(false);
  });
  it('is true for another address, another kind, or a key set or cleared', () => {
    expect(serviceChanged(before, { apiBaseUrl: 'http://127.0.0.1:8787' })).toBe(true);
    expect(serviceChanged(before, { apiDialect: 'lifi' })).toBe(true);
    expect(serviceChanged(before, { apiKey: 'k' })).toBe(true);
    expect(serviceChanged(before, { apiKey: '' })).toBe(true);
  });
});
