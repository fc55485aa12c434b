import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startServer } from '../../../server/app';
import { send } from '../../../testing/background/harness';
import { startScriptedServer } from '../../../testing/scriptedServer';
import { testChain } from '../../../testing/testChains';
import { createRoutingClient } from '../../api/client';
import { getChains } from '../../api/getChains';
import { getRoutes } from '../../api/getRoutes';
import { getTokens } from '../../api/getTokens';
import { createRegister } from '../../background/messages/registry';
import { type MessageAnswer, removeAllListeners, sendMessage } from '../../messaging/protocol';
import type { Sender } from '../../messaging/sender';
import type { Prefill } from '../../model/prefill';
import type { Token } from '../../schemas/catalog';
import { createQuoteBudget, QUOTE_BUDGET_PER_TAB, QUOTE_WINDOW_MS, QuotesPausedError } from '../loader/quoteBudget';
import type { CardDeps } from './deps';
import { createQuoteCache, QUOTE_TTL_MS } from './quoteCache';
import { registerCardMessages } from './register';

const EXT = 'test-extension-id';
const ZERO = '0x0000000000000000000000000000000000000000';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH_ETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const DAI_ETH = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_OP = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const NOT_A_TOKEN = '0x1111111111111111111111111111111111111111';
const SOLANA = 1151111081099710;
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const token = (chainId: number, address: string, symbol: string, decimals: number, extra: Partial<Token> = {}) =>
  ({ chainId: String(chainId), address, symbol, decimals, name: symbol, ...extra }) as Token;
const native = (chainId: number) => token(chainId, ZERO, 'ETH', 18, { coinKey: 'ETH', priceUSD: '3000' });

const chains = [
  testChain(1, 'Ethereum', ['https://etherscan.io']),
  testChain(10, 'OP Mainnet', ['https://optimistic.etherscan.io']),
  testChain(8453, 'Base', ['https://basescan.org']),
  testChain(42161, 'Arbitrum', ['https://arbiscan.io']),
  testChain(137, 'Polygon', ['https://polygonscan.com']),
  { ...testChain(SOLANA, 'Solana'), chainType: 'SOLANA' },
  { ...testChain(7777, 'Bitcoin'), chainType: 'UTXO' },
];
const tokens: Record<string, Token[]> = {
  '1': [
    native(1),
    token(1, USDC_ETH, 'USDC', 6, { coinKey: 'USDC', priceUSD: '1' }),
    token(1, WETH_ETH, 'WETH', 18, { coinKey: 'WETH', priceUSD: '3000' }),
    token(1, DAI_ETH, 'DAI', 18, { coinKey: 'DAI', priceUSD: '1' }),
  ],
  '10': [native(10), token(10, USDC_OP, 'USDC', 6, { coinKey: 'USDC' })],
  '8453': [native(8453), token(8453, USDC_BASE, 'USDC', 6, { coinKey: 'USDC' })],
  '42161': [native(42161), token(42161, USDC_ARB, 'USDC', 6, { coinKey: 'USDC' })],
  '137': [native(137)],
  [String(SOLANA)]: [token(SOLANA, USDC_SOLANA, 'USDC', 6, { coinKey: 'USDC' })],
};

const tabSender = (url = `https://etherscan.io/token/${USDC_ETH}`): Sender => ({
  id: EXT,
  url,
  tab: { id: 7 } as Sender['tab'],
  frameId: 0,
});

type CardMessage = 'detectExplorerToken' | 'getInlineQuotes' | 'openPrefilled';

/**
 * The card's handlers as a content script reaches them: through the background's one message registry (sender and
 * schema checks first). A refused Reply rejects with its serialized error (shortMessage, code).
 */
function throughRegistry(handlerDeps: CardDeps) {
  removeAllListeners();
  registerCardMessages(
    createRegister(async () => []),
    handlerDeps,
  );
  const call =
    <K extends CardMessage>(type: K) =>
    async (data: unknown, sender: Sender): Promise<MessageAnswer<K>> => {
      const reply = await send(type, data, sender);
      if (!reply.ok) throw Object.assign(new Error(reply.error.shortMessage), reply.error);
      return reply.value as MessageAnswer<K>;
    };
  return {
    detectExplorerToken: call('detectExplorerToken'),
    getInlineQuotes: call('getInlineQuotes'),
    openPrefilled: call('openPrefilled'),
  };
}

let server: Awaited<ReturnType<typeof startScriptedServer>>;
let settings: Awaited<ReturnType<CardDeps['getSettings']>>;
let prefills: Prefill[];
let opened: number;
let deps: CardDeps;

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => {
  removeAllListeners();
  return server.close();
});

beforeEach(() => {
  fakeBrowser.reset();
  server.reset();
  server.script('GET /v1/chains', { body: { chains } });
  server.script('GET /v1/tokens', { body: { tokens } });
  // A one-step bridge route whose output is the input minus 0.05 % (decimals permitting), like a real quote.
  server.script('POST /v1/advanced/routes', (req) => {
    const body = JSON.parse(req.body) as { toChainId: string; toTokenAddress: string; fromAmount: string };
    if (body.toChainId === '8453') return { status: 404, body: { message: 'No available quotes', code: 1002 } };
    const to = tokens[body.toChainId]!.find((t) => t.address === body.toTokenAddress)!;
    return {
      body: {
        routes: [
          {
            id: `route-${body.toChainId}`,
            tool: 'stargate',
            toolDetails: { key: 'stargate', name: 'Stargate' },
            action: {
              fromChainId: 1,
              toChainId: Number(body.toChainId),
              fromToken: tokens['1']![1],
              toToken: to,
              fromAmount: body.fromAmount,
            },
            estimate: {
              fromAmount: body.fromAmount,
              toAmount: ((BigInt(body.fromAmount) * 9995n) / 10000n).toString(),
              toAmountUSD: '99.95',
              executionDuration: 120,
            },
          },
        ],
      },
    };
  });
  settings = {
    inlineQuotes: true,
    slippage: 0.005,
    routeOrder: 'OUTPUT',
    bridges: { allow: [], deny: [], prefer: [] },
  };
  prefills = [];
  opened = 0;
  const client = createRoutingClient({ baseUrl: server.url, retry: { attempts: 1 } });
  deps = {
    getSettings: async () => settings,
    getChains: () => getChains(client),
    getTokens: async (chainId) => (await getTokens(client))[String(chainId)] ?? [],
    getRoutes: (request, signal) => getRoutes(client, { ...request, signal }),
    setPrefill: async (p) => {
      prefills.push(p);
    },
    openPopup: async () => {
      opened += 1;
    },
  };
});

type RouteBody = {
  fromChainId: string;
  toChainId: string;
  toTokenAddress: string;
  fromAmount: string;
  options: Record<string, unknown>;
};
const routeBodies = () =>
  server.requests.filter((r) => r.path === '/v1/advanced/routes').map((r) => JSON.parse(r.body) as RouteBody);

describe('detectExplorerToken', () => {
  it('finds a catalog token from its explorer page, any address case', async () => {
    const h = throughRegistry(deps);
    const found = await h.detectExplorerToken({ url: `https://etherscan.io/token/${USDC_ETH}` }, tabSender());
    expect(found?.chain.id).toBe(1);
    expect(found?.token.symbol).toBe('USDC');
    const lower = `https://etherscan.io/token/${USDC_ETH.toLowerCase()}`;
    expect((await h.detectExplorerToken({ url: lower }, tabSender(lower)))?.token.address).toBe(USDC_ETH);
    const arb = `https://arbiscan.io/address/${USDC_ARB}`;
    expect((await h.detectExplorerToken({ url: arb }, tabSender(arb)))?.chain.name).toBe('Arbitrum');
  });

  it("hands over the language chosen in Settings with the token, when it is not the browser's", async () => {
    const url = `https://etherscan.io/token/${USDC_ETH}`;
    expect(await throughRegistry(deps).detectExplorerToken({ url }, tabSender())).not.toHaveProperty('language');
    const german = { language: 'de', catalog: { card_title: { message: 'Hierhin bridgen' } } };
    const h = throughRegistry({ ...deps, spokenLanguage: async () => german });
    expect((await h.detectExplorerToken({ url }, tabSender()))?.language).toEqual(german);
    const elsewhere = `https://etherscan.io/token/${NOT_A_TOKEN}`;
    expect(await h.detectExplorerToken({ url: elsewhere }, tabSender(elsewhere))).toBeNull();
  });

  it('answers null for unknown tokens, plain addresses and pages that are not token pages', async () => {
    const h = throughRegistry(deps);
    for (const url of [
      `https://etherscan.io/token/${NOT_A_TOKEN}`,
      `https://etherscan.io/address/${NOT_A_TOKEN}`,
      'https://etherscan.io/tokens',
      `https://optimistic.etherscan.io/token/${USDC_ETH}`,
    ]) {
      expect(await h.detectExplorerToken({ url }, tabSender(url))).toBeNull();
    }
  });

  it('answers null when inline quotes are turned off', async () => {
    settings.inlineQuotes = false;
    const h = throughRegistry(deps);
    expect(await h.detectExplorerToken({ url: `https://etherscan.io/token/${USDC_ETH}` }, tabSender())).toBeNull();
  });

  it('drops callers that are not our content script in a tab, and URLs of another origin', async () => {
    const h = throughRegistry(deps);
    const data = { url: `https://etherscan.io/token/${USDC_ETH}` };
    await expect(
      h.detectExplorerToken(data, { id: EXT, url: 'chrome-extension://x/popup.html' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN_SENDER',
    });
    await expect(h.detectExplorerToken(data, { ...tabSender(), id: 'other-extension' })).rejects.toMatchObject({
      code: 'FORBIDDEN_SENDER',
    });
    await expect(h.detectExplorerToken(data, tabSender('https://evil.example/'))).rejects.toMatchObject({
      code: 'FORBIDDEN_SENDER',
    });
    await expect(h.detectExplorerToken({ url: 'javascript:alert(1)' }, tabSender())).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
    });
    await expect(h.detectExplorerToken({ url: 42 }, tabSender())).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('getInlineQuotes', () => {
  it('quotes the same coin on the most popular chain with one route, and the other chains when asked', async () => {
    const h = throughRegistry(deps);
    const result = await h.getInlineQuotes({ chainId: 1, tokenAddress: USDC_ETH, amount: '100' }, tabSender());
    expect(result.quotes.map((q) => q.toChain.id)).toEqual([42161]);
    expect(result.errors).toEqual([]);
    const arb = result.quotes[0]!;
    expect(arb).toMatchObject({ toAmount: '99950000', tool: 'stargate', toolName: 'Stargate', executionDuration: 120 });
    expect(arb.toToken.address).toBe(USDC_ARB);
    expect(routeBodies()).toHaveLength(1);
    const others = await h.getInlineQuotes(
      { chainId: 1, tokenAddress: USDC_ETH, amount: '100', toChainIds: [42161, 10, 8453] },
      tabSender(),
    );
    expect(others.quotes.map((q) => q.toChain.id)).toEqual([42161, 10]);
    expect(others.errors).toEqual([{ toChainId: 8453, message: expect.any(String) }]);
    // Arbitrum was quoted a moment ago: only the two others are searched.
    const bodies = routeBodies();
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      expect(body).toMatchObject({ fromChainId: '1', fromAmount: '100000000', options: { maxRoutes: 1 } });
    }
    expect(bodies.map((b) => b.toTokenAddress).sort()).toEqual([USDC_ARB, USDC_BASE, USDC_OP].sort());
  });

  it('falls back to USDC when the coin has no counterpart, and to the native coin without USDC', async () => {
    const h = throughRegistry(deps);
    await h.getInlineQuotes(
      { chainId: 1, tokenAddress: DAI_ETH, amount: '2.5', toChainIds: [42161, 137] },
      tabSender(),
    );
    const bodies = routeBodies();
    expect(bodies.map((b) => [b.toChainId, b.toTokenAddress])).toEqual([
      ['42161', USDC_ARB],
      ['137', ZERO],
    ]);
    expect(bodies[0]!.fromAmount).toBe('2500000000000000000');
  });

  it('quotes the same coin on Solana when asked for it, and never a chain the extension cannot deliver to', async () => {
    const h = throughRegistry(deps);
    await h.getInlineQuotes(
      { chainId: 1, tokenAddress: USDC_ETH, amount: '5', toChainIds: [SOLANA, 7777] },
      tabSender(),
    );
    expect(routeBodies().map((b) => [b.toChainId, b.toTokenAddress])).toEqual([[String(SOLANA), USDC_SOLANA]]);
  });

  it('passes the route order, slippage and bridge preferences from the settings', async () => {
    settings = { ...settings, routeOrder: 'TIME', slippage: 0.01, bridges: { allow: [], deny: ['hop'], prefer: [] } };
    const h = throughRegistry(deps);
    await h.getInlineQuotes({ chainId: 1, tokenAddress: WETH_ETH, amount: '1', toChainIds: [10] }, tabSender());
    expect(routeBodies()[0]!.options).toEqual({
      maxRoutes: 1,
      order: 'TIME',
      slippage: 0.01,
      bridges: { deny: ['hop'] },
    });
  });

  it('rejects malformed input before any request', async () => {
    const h = throughRegistry(deps);
    const bad = [
      { chainId: 1, tokenAddress: USDC_ETH, amount: '1e6' },
      { chainId: 1, tokenAddress: USDC_ETH, amount: '-1' },
      // The popup's rule (src/format/parseAmount.ts): ambiguous, never read as 1.5.
      { chainId: 1, tokenAddress: USDC_ETH, amount: '1,500' },
      { chainId: 1, tokenAddress: '0x123', amount: '1' },
      { chainId: -1, tokenAddress: USDC_ETH, amount: '1' },
      { chainId: 1, tokenAddress: USDC_ETH, amount: '1', toChainIds: [1, 2, 3, 4, 5, 6] },
      null,
    ];
    for (const data of bad)
      await expect(h.getInlineQuotes(data, tabSender())).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    await expect(h.getInlineQuotes({ chainId: 1, tokenAddress: USDC_ETH, amount: '0' }, tabSender())).rejects.toThrow(
      'above zero',
    );
    await expect(
      h.getInlineQuotes({ chainId: 1, tokenAddress: NOT_A_TOKEN, amount: '1' }, tabSender()),
    ).rejects.toThrow('not supported');
    // More decimals than the token has is refused, not rounded as parseUnits did.
    await expect(
      h.getInlineQuotes({ chainId: 1, tokenAddress: USDC_ETH, amount: '1.1234567' }, tabSender()),
    ).rejects.toThrow('at most 6 decimals');
    expect(routeBodies()).toHaveLength(0);
  });

  it('aborts the older search of the same frame when a newer one starts', async () => {
    server.script('POST /v1/advanced/routes', { delayMs: 300, body: { routes: [] } }, { body: { routes: [] } });
    const h = throughRegistry(deps);
    const older = h.getInlineQuotes({ chainId: 1, tokenAddress: USDC_ETH, amount: '1', toChainIds: [10] }, tabSender());
    const newer = h.getInlineQuotes({ chainId: 1, tokenAddress: USDC_ETH, amount: '2', toChainIds: [10] }, tabSender());
    await expect(older).rejects.toThrow('Superseded');
    expect((await newer).errors).toEqual([{ toChainId: 10, message: 'No route right now.' }]);
  });

  it('refuses a tab past its route budget without asking the service, and keeps other tabs apart', async () => {
    let t = 1_000;
    const h = throughRegistry({
      ...deps,
      quoteBudget: createQuoteBudget({ now: () => t }),
      quoteCache: createQuoteCache({ now: () => t }),
    });
    const ask = (tabId: number, amount: number) =>
      h.getInlineQuotes(
        { chainId: 1, tokenAddress: USDC_ETH, amount: String(amount) },
        { ...tabSender(), tab: { id: tabId } as Sender['tab'] },
      );
    for (let i = 1; i <= QUOTE_BUDGET_PER_TAB; i++) await ask(7, i);
    expect(routeBodies()).toHaveLength(QUOTE_BUDGET_PER_TAB);
    // An amount this tab already has a quote for costs nothing, budget spent or not.
    await ask(7, 1);
    await expect(ask(7, 100)).rejects.toMatchObject({
      name: 'InlineQuoteLimitError',
      code: 'TOO_MANY_REQUESTS',
      shortMessage: expect.stringMatching(/^Too many quote requests from this page/),
      details: `Budget spent; free again in ${QUOTE_WINDOW_MS} ms.`,
    });
    expect(routeBodies()).toHaveLength(QUOTE_BUDGET_PER_TAB);
    // Another tab has its own budget, and shares the quotes: the same amount costs no search there either.
    await ask(8, 2);
    expect(routeBodies()).toHaveLength(QUOTE_BUDGET_PER_TAB);
    await ask(8, 100);
    // The first gets its budget back once the window has passed.
    t += QUOTE_WINDOW_MS;
    await ask(7, 101);
    expect(routeBodies()).toHaveLength(QUOTE_BUDGET_PER_TAB + 2);
    // A quote is shared for five minutes, then searched again.
    t += QUOTE_TTL_MS;
    await ask(8, 2);
    expect(routeBodies()).toHaveLength(QUOTE_BUDGET_PER_TAB + 3);
  });

  it('pauses calmly when every search is kept back for the person, and shows what is already known', async () => {
    let paused = false;
    const h = throughRegistry({
      ...deps,
      getRoutes: async (request, signal) => {
        if (paused) throw new QuotesPausedError();
        return deps.getRoutes(request, signal);
      },
    });
    await h.getInlineQuotes({ chainId: 1, tokenAddress: USDC_ETH, amount: '100' }, tabSender());
    paused = true;
    await expect(
      h.getInlineQuotes({ chainId: 1, tokenAddress: USDC_ETH, amount: '7' }, tabSender()),
    ).rejects.toMatchObject({ name: 'QuotesPausedError', code: 'QUOTES_PAUSED' });
    // A quote known from before still shows; the chain kept back says why.
    const mixed = await h.getInlineQuotes(
      { chainId: 1, tokenAddress: USDC_ETH, amount: '100', toChainIds: [42161, 10] },
      tabSender(),
    );
    expect(mixed.quotes.map((q) => q.toChain.id)).toEqual([42161]);
    expect(mixed.errors).toEqual([{ toChainId: 10, message: expect.stringMatching(/^Quotes are paused/) }]);
  });
});

describe('openPrefilled', () => {
  it('stores the prefill and opens the popup', async () => {
    const h = throughRegistry(deps);
    const prefill = {
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId: 42161,
      toTokenAddress: USDC_ARB,
      amount: '100',
    };
    await h.openPrefilled(prefill, tabSender());
    expect(prefills).toEqual([prefill]);
    expect(opened).toBe(1);
  });

  it('stores nothing for bad input, unknown chains or foreign senders', async () => {
    const h = throughRegistry(deps);
    const good = { fromChainId: 1, fromTokenAddress: USDC_ETH };
    await expect(h.openPrefilled({ ...good, amount: 'lots' }, tabSender())).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
    });
    await expect(h.openPrefilled({ ...good, toChainId: 999 }, tabSender())).rejects.toThrow('not supported');
    await expect(h.openPrefilled(good, { id: EXT })).rejects.toMatchObject({ code: 'FORBIDDEN_SENDER' });
    expect(prefills).toHaveLength(0);
    expect(opened).toBe(0);
  });
});

describe('registerCardMessages', () => {
  it('answers through the protocol with a Reply and drops senders without a tab', async () => {
    removeAllListeners();
    registerCardMessages(
      createRegister(async () => []),
      deps,
    );
    const reply = await sendMessage('detectExplorerToken', { url: `https://etherscan.io/token/${USDC_ETH}` });
    expect(reply).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });
});

describe('against the reference service', () => {
  it('quotes USDC on Ethereum into USDC on the popular chains and detects the real explorers', async () => {
    const service = await startServer({ rateLimit: { disabled: true } });
    try {
      const client = createRoutingClient({ baseUrl: service.url, retry: { attempts: 1 } });
      const h = throughRegistry({
        ...deps,
        getChains: () => getChains(client),
        getTokens: async (chainId) => (await getTokens(client))[String(chainId)] ?? [],
        getRoutes: (request, signal) => getRoutes(client, { ...request, signal }),
      });
      const url = `https://basescan.org/token/${USDC_BASE.toLowerCase()}`;
      expect((await h.detectExplorerToken({ url }, tabSender(url)))?.chain.name).toBe('Base');
      const result = await h.getInlineQuotes(
        { chainId: 1, tokenAddress: USDC_ETH, amount: '100', toChainIds: [42161, 10, 8453] },
        tabSender(),
      );
      expect(result.errors).toEqual([]);
      expect(result.quotes.map((q) => [q.toChain.id, q.toToken.address])).toEqual([
        [42161, USDC_ARB],
        [10, USDC_OP],
        [8453, USDC_BASE],
      ]);
      for (const quote of result.quotes) {
        expect(BigInt(quote.toAmount)).toBeGreaterThan(90_000_000n);
        expect(BigInt(quote.toAmount)).toBeLessThan(100_000_000n);
        expect(quote.toolName).not.toBe('');
      }
    } finally {
      await service.close();
    }
  });
});
