import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../app';

const SLOW = 1_000;
const PER_CLIENT = 64;
const HEADERS_TIMEOUT_MS = 1_000;

/** Opens one connection that sends half a request header and then nothing (slowloris). */
function halfOpen(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /v1/chains HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  let service: RunningServer;
  const sockets: Socket[] = [];
  const closed = new Set<Socket>();

  beforeAll(async () => {
    service = await startServer({
      rateLimit: { disabled: true },
      connections: { perClient: PER_CLIENT, headersTimeoutMs: HEADERS_TIMEOUT_MS },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await service?.close();
  });

  it('keeps answering new requests at once while one client holds a thousand half-open connections', async () => {
    // Warm: the first fetch of a process loads its HTTP client.
    expect((await fetch(`${service.url}/v1/chains`)).status).toBe(200);
    // In batches of 100, so the opening itself is bounded in time.
    for (let i = 0; i < SLOW; i += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, () => halfOpen(service.port).catch(() => undefined)));
      for (const socket of batch) {
        if (!socket) continue;
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.once('close', () => closed.add(socket));
      }
    }
    expect(sockets.length).toBeGreaterThan(SLOW * 0.9);

    const started = performance.now();
    const response = await fetch(`${service.url}/v1/chains`);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown).toHaveProperty('chains');
    // Against the failure it prevents (every new request refused for a minute), with room for a loaded machine.
    expect(elapsed).toBeLessThan(3_000);
    console.log(`a normal request beside ${sockets.length} half-open connections: ${elapsed.toFixed(1)} ms`);

    // The server kept no more than the cap: the oldest half-open ones were closed as new ones came. Their close
    // events reach this client late on a loaded machine (a CI run once counted 67 after 2 s), so the wait is long.
    await expect.poll(() => sockets.length - closed.size, { timeout: 30_000 }).toBeLessThanOrEqual(PER_CLIENT);
  });

  it('closes a connection whose request header does not arrive within the headers time-out', async () => {
    const socket = await halfOpen(service.port);
    socket.on('error', () => undefined);
    sockets.push(socket);
    const started = performance.now();
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.once('close', () => resolve(text));
    });
    const waited = performance.now() - started;
    // Node answers 408 and closes; it looks for late connections once a second.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(waited).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500);
  });
});
