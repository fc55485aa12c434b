import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../app';
import type { DevnetHandle } from '../ports';

/**
 * The explorer as the service serves it: headers and rate limit. A devnet handle whose one chain has no node behind
 * it is enough, since these pages (an unknown chain, a malformed address) are answered without reading a chain.
 */
const devnet: DevnetHandle = {
  chains: [{ chainId: 42161, rpcUrl: 'http://127.0.0.1:9' }],
  liquidity: { pools: () => [] },
  gas: { gasPrice: () => 1n },
  status: {
    getStatus: async () => {
      throw new Error('no status on this handle');
    },
  },
  stop: async () => undefined,
};

describe('devnet explorer over HTTP', () => {
  let service: RunningServer;
  beforeAll(async () => {
    service = await startServer({
      devnet,
      logLevel: 'silent',
      rateLimit: { tiers: { explorer: { perMinute: 3, perHour: 100 }, free: { perMinute: 100, perHour: 1000 } } },
    });
  });
  afterAll(() => service?.close());

  it('sends a policy without scripts or framing, nosniff, and counts pages per address with a 429 past the budget', async () => {
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await fetch(`${service.url}/explorer/42161/address/not-an-address-${i}`));
    expect(pages.map((r) => r.status)).toEqual([400, 400, 400, 429]);
    for (const page of pages) {
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(pages[0]?.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await pages[0]!.text()).toContain('is not an address');
    expect(pages[3]?.headers.get('retry-after')).toBeTruthy();
    expect(await pages[3]!.text()).toMatch(/Too many explorer pages/);
    // Its own budget: the API is not touched by explorer pages.
    expect((await fetch(`${service.url}/v1/tools`)).status).toBe(200);
  });
});
