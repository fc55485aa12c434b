import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startServer } from '../../../server/app';
import type { RunningServer } from '../../../server/options';
import { RateLimitError } from '../../api/errors';
import { defaultSettings, settingsItem } from '../../storage/settings';
import { createSettingsService } from '../settings';
import { AllowanceReservedError } from './allowance';
import { createRoutingApi } from './routingApi';

/**
 * The person's own transfer against the LI.FI twin's real limiter (75 route searches per two hours without a key),
 * in simulated time: the card and refreshes never spend the transfer's reserve, and a 429 hours away holds route
 * searches without stopping status checks.
 */
let clock = Date.UTC(2026, 0, 1, 12);
let service: RunningServer;

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const search = {
  fromChainId: 1,
  fromTokenAddress: USDC_ETH,
  toChainId: 42161,
  toTokenAddress: USDC_ARB,
  fromAmount: '1000000000',
};
const STATUS = { txHash: `0x${'ab'.repeat(32)}`, fromChainId: 1, toChainId: 42161 };

beforeAll(async () => {
  service = await startServer({ dialect: 'lifi', logLevel: 'silent', rateLimit: { now: () => clock } });
});
afterAll(() => service.close());
beforeEach(async () => {
  fakeBrowser.reset();
  clock += 3 * 3_600_000;
  await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: service.url, apiDialect: 'lifi' });
});

const newApi = () =>
  createRoutingApi({
    settings: createSettingsService(),
    retry: { attempts: 2, baseDelayMs: 1 },
    queue: { now: () => clock },
  });

describe('route searches by priority against the LI.FI twin', () => {
  it('keeps 20 route searches for the transfer that the card and refreshes never touch', async () => {
    const api = newApi();
    let card = 0;
    let refused: unknown;
    for (; card < 80 && !refused; card++) {
      await api.getRoutes({ ...search, priority: card % 2 ? 'card' : 'refresh' }).catch((err: unknown) => {
        refused = err;
      });
    }
    expect(refused).toBeInstanceOf(AllowanceReservedError);
    expect((refused as AllowanceReservedError).until).toBeGreaterThan(clock + 7_000_000);
    // 55 sent, the 56th refused before it left.
    expect(card).toBe(56);
    expect(api.allowance.view('routes')).toMatchObject({ limit: 75, remaining: 20, reserve: 20 });

    for (let i = 0; i < 20; i++) expect((await api.getRoutes(search)).routes.length).toBeGreaterThan(0);
    const spent = await api.getRoutes(search).catch((err: unknown) => err);
    expect(spent).toBeInstanceOf(RateLimitError);
    expect((spent as RateLimitError).details).toMatch(/not sent/);
    expect(api.heldUntil('routes')).toBeGreaterThan(clock + 7_000_000);
    // Status checks are another group: they still go.
    expect((await api.getStatus(STATUS)).status).toBe('NOT_FOUND');
    expect(api.heldUntil('other')).toBe(0);
  });

  it('holds route searches until a 429 hours away, never retrying into it, while status checks go on', async () => {
    const other = newApi();
    // Another client from the same address spends the allowance this one does not know of.
    for (let i = 0; i < 75; i++) await other.getRoutes(search);
    const api = newApi();
    const limited = await api.getRoutes(search).catch((err: unknown) => err);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).status).toBe(429);
    const until = api.heldUntil('routes');
    expect(until).toBeGreaterThan(clock + 7_000_000);
    expect(until).toBeLessThanOrEqual(clock + 7_200_000);
    const again = await api.getRoutes(search).catch((err: unknown) => err);
    expect((again as RateLimitError).details).toMatch(/not sent/);
    expect((await api.getStatus(STATUS)).status).toBe('NOT_FOUND');
    // Once the window renews the transfer searches again.
    clock = until;
    expect((await api.getRoutes(search)).routes.length).toBeGreaterThan(0);
  });
});
