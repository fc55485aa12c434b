import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExtensionBrowser,
  getExtensionStorage,
  launchWithExtension,
  setExtensionStorage,
  testSettings,
} from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type RunningServer, startServer } from '../server/app';
import {
  countNotificationCreates,
  expectPlainWords,
  notificationIds,
  sendProtocolMessage,
  type WireReply,
} from './harness/extensionMessages';
import { answer, type FaultProxy, startFaultProxy } from './harness/faultProxy';
import { recordSentTransfer } from './harness/recordedTransfer';
import { sendsByHash } from './harness/storedRecords';
import { startFixtureRpc, statusAnswer, transferInput, txHashFor } from './harness/transferFixtures';
import { copyBuiltExtension } from './pages/extensionCopy';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ROUTES = '/v1/advanced/routes';
const STATUS = '/v1/status';

let fixtureRpc: Awaited<ReturnType<typeof startFixtureRpc>>;
/**
 * Notifications on; the made-up source transactions are read through a scripted trusted RPC (see startFixtureRpc).
 * Arbitrum's is set to the same node, which serves chain 1: the made-up arrivals are then said unchecked at once (the
 * RPC serves another chain) instead of read through the development build's devnet port. Arrivals read on a real
 * chain: e2e/arrivalAttacks.test.ts.
 */
const settingsFor = (apiBaseUrl: string) =>
  testSettings(apiBaseUrl, { notifications: true, rpcUrls: { '1': fixtureRpc.url, '42161': fixtureRpc.url } });

type RoutesValue = { routes: { id: string }[] };

describe('extension behind a faulty routing service', () => {
  let service: RunningServer;
  let proxy: FaultProxy;
  let browser: ExtensionBrowser;
  let page: Page;
  let amount = 10_000_000;

  beforeAll(async () => {
    // A node that will not tell its head block: the arrival watch never proves itself, so the tracked transfer keeps
    // the unwatched status cadence (schedule.ts) and meets every scripted status fault within the test's time.
    fixtureRpc = await startFixtureRpc({ headless: true });
    service = await startServer({ rateLimit: { disabled: true }, logLevel: 'silent' });
    proxy = await startFaultProxy(service.url);
    // The catalog must fail from its very first fetch, before the popup opens.
    proxy.script('/v1/chains', [], answer(503, { message: 'Service unavailable', code: 1006 }));
    browser = await launchWithExtension({ extensionDir: copyBuiltExtension() });
    await setExtensionStorage(browser.serviceWorker, { settings: settingsFor(proxy.url) });
  });
  afterAll(async () => {
    await fixtureRpc?.close();
    await browser?.close();
    await proxy?.close();
    await service?.close();
  });

  /** Each search asks for a new amount: the background memoises identical searches for 15 s. */
  const searchRoutes = (): Promise<WireReply<RoutesValue>> => {
    amount += 1_000_000;
    return sendProtocolMessage<RoutesValue>(page, 'getRoutes', {
      request: {
        fromChainId: '1',
        fromTokenAddress: USDC_ETH,
        toChainId: '42161',
        toTokenAddress: USDC_ARB,
        fromAmount: String(amount),
      },
      channel: `faults-${amount}`,
    });
  };
  const errorOf = (reply: WireReply): string => {
    if (reply.ok) throw new Error('expected an error reply');
    return reply.error.shortMessage;
  };
  const gaps = (path: string, since: number) => {
    const times = proxy.requests.filter((r) => r.path === path && r.at >= since).map((r) => r.at);
    return times.slice(1).map((t, i) => t - times[i]!);
  };

  it('shows a plain error with a retry when the catalog cannot be loaded, then recovers', async () => {
    const popup = await PopupPage.open(browser.context, browser.extensionId);
    page = popup.page;
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const alert = page.getByTestId('catalog-error');
    await alert.waitFor({ timeout: 30_000 });
    const text = (await alert.locator('p').textContent()) ?? '';
    expect(expectPlainWords(text), text).toEqual([]);
    expect(text).toMatch(/routing service/i);
    // 5xx is retried (4 attempts per load; the background's warm-up and the popup may each load once), never a storm.
    expect(proxy.count('/v1/chains')).toBeGreaterThanOrEqual(4);
    expect(proxy.count('/v1/chains')).toBeLessThanOrEqual(12);

    proxy.reset();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => popup.fromChain.getAttribute('aria-label'), { timeout: 20_000 })
      .toBe('From chain: Ethereum');
    expect(await alert.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    const since = Date.now();
    proxy.script(ROUTES, [answer(429, { message: 'Too many requests', code: 1005 }, { 'Retry-After': '2' })]);
    const reply = await searchRoutes();
    expect(reply.ok).toBe(true);
    expect(proxy.count(ROUTES, since)).toBe(2);
    expect(gaps(ROUTES, since)[0]).toBeGreaterThanOrEqual(1_950);
  });

  it('retries a burst of 5xx with growing back-off and answers the route', async () => {
    const since = Date.now();
    proxy.script(ROUTES, [answer(500), answer(502, '<html>Bad gateway</html>'), answer(503)]);
    const reply = await searchRoutes();
    expect(reply.ok && reply.value.routes.length).toBeGreaterThan(0);
    expect(proxy.count(ROUTES, since)).toBe(4);
    const [first, , third] = gaps(ROUTES, since);
    // Equal jitter: the n-th wait is within [base·2^(n-1)/2, base·2^(n-1)], base 500 ms: the first at least 250,
    // the third at least 1,000, above the first's most (500). Lower bounds only: a slow machine adds, never removes.
    expect(first).toBeGreaterThanOrEqual(200);
    expect(third).toBeGreaterThanOrEqual(900);
  });

  it('gives up after four attempts of 5xx with a plain message', async () => {
    const since = Date.now();
    proxy.script(ROUTES, [], answer(500, { message: 'Internal server error', code: 1006 }));
    const message = errorOf(await searchRoutes());
    expect(expectPlainWords(message), message).toEqual([]);
    expect(proxy.count(ROUTES, since)).toBe(4);
    proxy.reset();
  });

  it.each([
    [400, { message: 'Invalid request: fromAmount must be an integer string', code: 1011 }],
    [401, { message: 'Unknown API key', code: 1010 }],
    [404, { message: 'No available quotes for the requested transfer', code: 1002 }],
    [409, { message: 'The rate moved beyond the slippage', code: 1007 }],
  ])('never retries a %i and says why', async (status, body) => {
    const since = Date.now();
    proxy.script(ROUTES, [answer(status, body)]);
    const message = errorOf(await searchRoutes());
    expect(expectPlainWords(message), message).toEqual([]);
    expect(proxy.count(ROUTES, since)).toBe(1);
  });

  it('says the answer was unreadable for malformed JSON and for a body that breaks the spec', async () => {
    proxy.script(ROUTES, [], answer(200, '{"routes": [ {"id": "x", '));
    const unreadable = errorOf(await searchRoutes());
    expect(expectPlainWords(unreadable), unreadable).toEqual([]);

    proxy.script(ROUTES, [], {
      kind: 'rewrite',
      rewrite: (body) => {
        const routes = (body as { routes: Record<string, unknown>[] }).routes;
        return { ...(body as object), routes: routes.map((r) => ({ ...r, estimate: { toAmount: -1 } })) };
      },
    });
    const broken = errorOf(await searchRoutes());
    expect(expectPlainWords(broken), broken).toEqual([]);
    expect(broken).not.toBe(unreadable);

    proxy.script(ROUTES, [], answer(200, { routes: 'none' }));
    expect(expectPlainWords(errorOf(await searchRoutes()))).toEqual([]);
    proxy.reset();
    expect((await searchRoutes()).ok).toBe(true);
  });

  it('gives up on a POST slower than the client time-out once, without resending it', async () => {
    const since = Date.now();
    proxy.script(ROUTES, [{ kind: 'delay', ms: 17_000 }]);
    const message = errorOf(await searchRoutes());
    expect(message).toMatch(/too long/);
    expect(expectPlainWords(message), message).toEqual([]);
    expect(proxy.count(ROUTES, since)).toBe(1);
  }, 40_000);

  it('retries a GET that timed out, and answers', async () => {
    // Same proxy under another loopback name: a new source, so the catalog is fetched again rather than cached.
    // Switching the service starts that fetch at once, so the slow answer is scripted before the switch; the
    // page's request then joins the fetch already under way rather than starting its own.
    const since = Date.now();
    proxy.script('/v1/chains', [{ kind: 'delay', ms: 16_000 }]);
    await setExtensionStorage(browser.serviceWorker, {
      settings: settingsFor(proxy.url.replace('127.0.0.1', 'localhost')),
    });
    const reply = await sendProtocolMessage<{ id: number }[]>(page, 'getChains');
    expect(reply.ok && reply.value.some((c) => c.id === 42161)).toBe(true);
    expect(proxy.count('/v1/chains', since)).toBe(2);
    expect(Date.now() - since).toBeGreaterThanOrEqual(15_000);
  }, 40_000);

  it('keeps a tracked transfer through every kind of status fault and reports its outcome once', async () => {
    const hash = txHashFor('faults:tracked');
    const pending = answer(200, statusAnswer(hash, 'PENDING'));
    // Faults inside one check (503, 429) are retried by the client; a garbled or spec-breaking answer fails the
    // check and is retried by the schedule 15 s later. Successes in between keep the error back-off short.
    proxy.script(
      STATUS,
      [
        answer(503),
        answer(429, { message: 'Too many requests', code: 1005 }, { 'Retry-After': '1' }),
        pending,
        answer(200, 'not json at all'),
        pending,
        answer(200, { status: 'DONE', sending: { txHash: hash } }),
        answer(500),
        pending,
      ],
      answer(200, statusAnswer(hash, 'DONE')),
    );
    const created = await countNotificationCreates(browser.serviceWorker);
    await recordSentTransfer(page, transferInput(hash, 20));

    const stored = async () =>
      sendsByHash(await getExtensionStorage(browser.serviceWorker, 'transfers'))[hash.toLowerCase()];
    expect(await stored()).toMatchObject({ txHash: hash, final: false });
    // While faults are answered the record stays, with a readable last error, never dropped or made final.
    await expect.poll(async () => (await stored())?.lastError, { timeout: 30_000, interval: 500 }).toBeDefined();
    const lastError = String((await stored())?.lastError);
    expect(expectPlainWords(lastError), lastError).toEqual([]);
    expect((await stored())?.final).toBe(false);
    await expect.poll(async () => (await stored())?.status, { timeout: 90_000, interval: 1_000 }).toBe('DONE');
    // The outcome is stored first and marked notified only once the notification exists (notifications.ts), so
    // the mark can trail the status by a moment.
    await expect.poll(async () => (await stored())?.notifiedAt, { timeout: 10_000, interval: 250 }).toBeDefined();
    const record = (await stored())!;
    expect(record.final).toBe(true);
    // Every scripted fault was served first, and the legless DONE was not taken as the outcome (a final record is
    // never changed again, so the full receiving leg proves the real DONE was the one recorded).
    expect(proxy.count(STATUS)).toBeGreaterThanOrEqual(9);
    expect(record.receiving).toMatchObject({ amount: '24900000', chainId: 42161 });
    expect(record.notifiedAt).toEqual(expect.any(Number));
    const notifications = await notificationIds(browser.serviceWorker);
    expect(notifications.filter((id) => id === `transfer:${hash.toLowerCase()}`)).toHaveLength(1);
    // Final: polling stopped, and the notification was created once, not re-created.
    const after = proxy.count(STATUS);
    await new Promise((done) => setTimeout(done, 5_000));
    expect(proxy.count(STATUS)).toBe(after);
    expect(await created()).toEqual([`transfer:${hash.toLowerCase()}`]);
  }, 120_000);

  it('never crashed: the popup still answers and the activity view lists the transfer', async () => {
    const transfers = await sendProtocolMessage<unknown[]>(page, 'getTransfers');
    expect(transfers.ok && transfers.value.length).toBe(1);
    await page.reload();
    const popup = new PopupPage(page);
    await popup.waitReady();
    await popup.tab('Activity').click();
    await expect.poll(() => page.getByTestId('transfer-status').first().textContent()).toBe('Completed');
  });

  // Last: the whole extension then stays paused for the Retry-After, as it should.
  it('does not sit out a Retry-After beyond its cap: it says how long to wait and holds every request', async () => {
    const since = Date.now();
    proxy.script(ROUTES, [], answer(429, { message: 'Too many requests', code: 1005 }, { 'Retry-After': '90' }));
    const message = errorOf(await searchRoutes());
    expect(expectPlainWords(message), message).toEqual([]);
    expect(message).toMatch(/minute|second/);
    expect(proxy.count(ROUTES, since)).toBe(1);
    // The next search is held by the background's queue rather than sent into the limit.
    const held = searchRoutes();
    held.catch(() => undefined);
    await new Promise((done) => setTimeout(done, 4_000));
    expect(proxy.count(ROUTES, since)).toBe(1);
    // The popup says why its search waits, and how long, instead of an unexplained spinner.
    const hold = await sendProtocolMessage<{ until: number }>(page, 'getServiceHold');
    expect(hold.ok && hold.value.until - Date.now()).toBeGreaterThan(75_000);
    const popup = new PopupPage(page);
    await popup.tab('Transfer').click();
    await popup.amount.fill('3');
    await expect
      .poll(() => page.getByTestId('refresh-countdown').textContent(), { timeout: 10_000 })
      .toMatch(/^The service asked us to wait: routes in (7\d|8\d) s$/);
    expect(proxy.count(ROUTES, since)).toBe(1);
  });
});
