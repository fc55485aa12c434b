import { request } from 'node:http';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../src/schemas/error';
import { StatusResponseSchema } from '../src/schemas/status';
import { getJson, postJson, useServer } from './testing/serviceClient';

/** Raw request: fetch cannot send some malformed things (a body larger than the limit with no content-length…). */
function raw(url: string, method: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('HTTP behaviour shared by every endpoint', () => {
  const service = useServer({ maxBodyBytes: 4096 });

  it('answers unknown paths with 404 JSON (code 1003)', async () => {
    const { status, headers, body } = await getJson(`${service.url}/v1/nothing`);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(v.parse(ErrorBodySchema, body).code).toBe(1003);
    expect((await getJson(`${service.url}/`)).status).toBe(404);
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const post = await postJson(`${service.url}/v1/chains`, {});
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, OPTIONS');
    expect(post.body.code).toBe(1000);
    const get = await getJson(`${service.url}/v1/advanced/routes`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('answers malformed JSON with 400 and an empty body with 400', async () => {
    const bad = await postJson(`${service.url}/v1/advanced/routes`, '{"fromChainId": ');
    expect(bad.status).toBe(400);
    expect(v.parse(ErrorBodySchema, bad.body)).toMatchObject({ code: 1011, errors: { body: 'malformed JSON' } });
    const empty = await postJson(`${service.url}/v1/advanced/routes`, '');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ body: 'is required' });
  });

  it('answers a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(10_000) });
    const declared = await postJson(`${service.url}/v1/advanced/routes`, big);
    expect(declared.status).toBe(413);
    expect(declared.body.code).toBe(1011);
    const chunked = await raw(`${service.url}/v1/advanced/routes`, 'POST', Buffer.from(big), {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).message).toContain('4096');
  });

  it('keeps serving after a client drops its connection in the middle of a body', async () => {
    const url = new URL(`${service.url}/v1/advanced/routes`);
    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': 1000 },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write('{"fromChainId": "1",', () => setTimeout(() => req.destroy(), 20));
    });
    const after = await postJson(`${service.url}/v1/advanced/routes`, '{}');
    expect(after.status).toBe(400);
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await getJson(`${service.url}/v1/advanced/routes`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(1011);
  });

  it('lets an extension call it: CORS on answers and preflights', async () => {
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const res = await fetch(`${service.url}/v1/chains`, { headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
    const preflight = await fetch(`${service.url}/v1/advanced/routes`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-API-Key');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('x-ratelimit-limit')).toBeTruthy();
    // Errors carry CORS too, or the extension could not read them.
    const error = await fetch(`${service.url}/v1/nothing`, { headers: { origin } });
    expect(error.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('puts X-RateLimit-* headers on every answer, errors included', async () => {
    for (const res of [await fetch(`${service.url}/v1/tools`), await fetch(`${service.url}/v1/nothing`)]) {
      expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    }
  });
});

describe('GET /v1/status without a devnet', () => {
  const service = useServer();

  it('answers NOT_FOUND for a well-formed unknown hash, in the shared status schema', async () => {
    const hash = `0x${'AB'.repeat(32)}`;
    const { status, body } = await getJson(`${service.url}/v1/status?txHash=${hash}`);
    expect(status).toBe(200);
    const parsed = v.parse(StatusResponseSchema, body);
    expect(parsed.status).toBe('NOT_FOUND');
    expect(parsed.sending?.txHash).toBe(hash.toLowerCase());
  });

  it.each(['0x1234', 'abc', ''])('answers 400 for the malformed hash %j', async (hash) => {
    const { status, body } = await getJson(`${service.url}/v1/status?txHash=${hash}`);
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty('txHash');
  });

  it('answers 400 when txHash is missing', async () => {
    const { status, body } = await getJson(`${service.url}/v1/status`);
    expect(status).toBe(400);
    expect(body.errors).toEqual({ txHash: 'is required' });
  });
});
