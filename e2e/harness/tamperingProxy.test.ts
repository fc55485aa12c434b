import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTamperingProxy } from './tamperingProxy';

/** The proxy itself: a tamper that throws must answer in words at once, not leave the extension waiting. */
describe('tampering proxy', () => {
  let upstream: Server;
  let proxy: Awaited<ReturnType<typeof startTamperingProxy>>;
  beforeAll(async () => {
    upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ transactionRequest: { to: '0x01', data: '0x' } }));
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    proxy = await startTamperingProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((done) => upstream.close(() => done()));
  });

  it('rewrites an answer with the tamper given', async () => {
    proxy.setTamper((_path, body) => ({ ...body, tampered: true }));
    const body = await (await fetch(`${proxy.url}/v1/advanced/stepTransaction`)).json();
    expect(body).toMatchObject({ tampered: true, transactionRequest: { to: '0x01' } });
  });

  it('answers 502 with the error when the tamper throws, and keeps it for the test', async () => {
    proxy.setTamper(() => {
      throw new Error('no such field: deBridgeData');
    });
    const response = await fetch(`${proxy.url}/v1/advanced/stepTransaction`, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/stepTransaction: no such field: deBridgeData/);
    expect(proxy.failures()).toEqual([expect.stringMatching(/no such field: deBridgeData/)]);
  });
});
