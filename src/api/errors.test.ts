import { describe, expect, it } from 'vitest';
import { HttpRequestError, RateLimitError, SchemaError, shortMessageFor, summariseToolErrors } from './errors';

describe('shortMessageFor', () => {
  it.each([
    [404, 1002, 'No route found for this transfer.'],
    [400, 1002, 'No route found for this transfer.'],
    [409, undefined, 'The rate moved beyond your slippage.'],
    [400, 1007, 'The rate moved beyond your slippage.'],
    [429, undefined, 'The routing service is busy. Try again in a few seconds.'],
    [401, undefined, 'The routing service refused the API key. Check it in the settings.'],
    [403, 1010, 'The routing service refused the API key. Check it in the settings.'],
    [400, 1001, 'The transaction for this route could not be prepared. Try another route.'],
    [424, 1008, 'A bridge or exchange did not answer. Try again in a moment.'],
    [400, 1011, 'The routing service did not accept these details.'],
    [404, 1003, 'The routing service could not find what was asked for.'],
    [500, 1006, 'The routing service has a problem right now. Try again later.'],
    [418, undefined, 'The routing service answered with an error (HTTP 418).'],
  ])('HTTP %i code %s', (status, code, message) => {
    expect(shortMessageFor(status, code)).toBe(message);
  });

  it('reads a 404 with per-tool reasons as "no route" even without a code', () => {
    expect(shortMessageFor(404, undefined, [{ tool: 'across', code: 'AMOUNT_TOO_LOW' }])).toBe(
      'No route found for this transfer.',
    );
  });
});

describe('summariseToolErrors', () => {
  it('lists tool, code and message, and counts the rest', () => {
    const errors = Array.from({ length: 8 }, (_, i) => ({ tool: `t${i}`, code: 'NO_POSSIBLE_ROUTE' }));
    errors[0] = { tool: 't0', code: 'AMOUNT_TOO_LOW', message: 'too low' } as (typeof errors)[0];
    const summary = summariseToolErrors(errors);
    expect(summary).toMatch(/^t0: AMOUNT_TOO_LOW \(too low\); t1: NO_POSSIBLE_ROUTE;/);
    expect(summary).toMatch(/and 2 more$/);
    expect(summariseToolErrors(undefined)).toBeUndefined();
    expect(summariseToolErrors({ fromAmount: 'must be a string' })).toBeUndefined();
  });
});

describe('error classes', () => {
  it('keep the user text short and put the service message in details and message', () => {
    const err = new HttpRequestError({
      status: 400,
      url: 'http://x/v1/quote',
      method: 'GET',
      body: { message: 'fromAmount must be a string', code: 1011 },
    });
    expect(err.name).toBe('HttpRequestError');
    expect(err.shortMessage).toBe('The routing service did not accept these details.');
    expect(err.details).toBe('HTTP 400, code 1011: fromAmount must be a string');
    expect(err.message).toContain('Request: GET http://x/v1/quote');
    expect(err.message).toContain('Details: HTTP 400, code 1011: fromAmount must be a string');
  });

  it('name themselves for logs and instanceof', () => {
    const rate = new RateLimitError({ status: 429, url: 'u', method: 'GET', retryAfterMs: 5000 });
    expect(rate).toBeInstanceOf(HttpRequestError);
    expect(rate.name).toBe('RateLimitError');
    const schema = new SchemaError({ url: 'u', method: 'GET', paths: ['a'], issues: ['a: Invalid type'] });
    expect(schema.name).toBe('SchemaError');
    expect(schema.details).toBe('Response breaks the spec at a: Invalid type');
  });
});
