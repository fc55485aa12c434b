import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BARE_JSON, type BareServer, startBareServer } from './bareServer';

describe('the bare node:http baseline server', () => {
  let server: BareServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers /json with the small JSON, after reading a posted body to its end', async () => {
    server = await startBareServer();
    const posted = await fetch(`${server.url}/json`, {
      method: 'POST',
      body: JSON.stringify({ big: 'x'.repeat(1e5) }),
    });
    expect(await posted.text()).toBe(BARE_JSON);
    expect((await fetch(`${server.url}/json`)).headers.get('content-type')).toBe('application/json');
    expect((await fetch(`${server.url}/nothing`)).status).toBe(404);
  });

  it('sends the given bytes as they are, and a 304 to a client that has them', async () => {
    const text = JSON.stringify({ tokens: { 1: [{ symbol: 'USDC' }] } });
    server = await startBareServer({ bytes: gzipSync(text), etag: '"v1"', encoding: 'gzip' });
    const full = await fetch(`${server.url}/body`);
    expect(await full.text()).toBe(text);
    expect(full.headers.get('etag')).toBe('"v1"');
    const again = await fetch(`${server.url}/body`, { headers: { 'if-none-match': '"v1"' } });
    expect(again.status).toBe(304);
    expect((await fetch(`${server.url}/body`, { headers: { 'if-none-match': '"v0"' } })).status).toBe(200);
  });
});
