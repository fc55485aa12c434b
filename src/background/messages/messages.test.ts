import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS, makeTokens, statusBody, USDC_ARB, USDC_ETH } from '../../../testing/background/fixtures';
import {
  CONTENT,
  EXTENSION_ID,
  type Harness,
  OTHER_EXTENSION,
  PAGE,
  resetIndexedDb,
  send,
  startHarness,
} from '../../../testing/background/harness';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { cardMessages } from '../../explorerCard/messages/list';
import { type ProtocolMap, removeAllListeners } from '../../messaging/protocol';
import type { Step } from '../../schemas/route';
import { defaultSettings, settingsItem } from '../../storage/settings';
import { setPrefill } from '../prefill';
import { backgroundMessages } from './list';

const SECRET = 'sk-live-SECRET-0123456789';
let server: ScriptedServer;
let other: ScriptedServer;
let h: Harness;

const ROUTE = {
  id: 'route-1',
  tool: 'across',
  estimate: { toAmount: '99800000', executionDuration: 120 },
  action: { fromChainId: '1', toChainId: '42161', fromToken: USDC_ETH, toToken: USDC_ARB, fromAmount: '100000000' },
};
const STEP = {
  id: 'step-1',
  type: 'cross',
  tool: 'across',
  action: {
    ...ROUTE.action,
    fromAddress: '0x1111111111111111111111111111111111111111',
    toAddress: '0x1111111111111111111111111111111111111111',
  },
  estimate: { tool: 'across', fromAmount: '100000000', toAmount: '99800000', toAmountMin: '99300000' },
};
const routesRequest = (fromAmount = '100000000') => ({
  fromChainId: '1',
  fromTokenAddress: USDC_ETH.address,
  toChainId: '42161',
  toTokenAddress: USDC_ARB.address,
  fromAmount,
});

function scriptAll(s: ScriptedServer) {
  s.script('GET /v1/chains', { body: { chains: CHAINS } });
  s.script('GET /v1/tools', {
    body: { bridges: [{ key: 'across', name: 'Across', supportedChains: [1, 42161] }], exchanges: [] },
  });
  s.script('GET /v1/tokens', { body: { tokens: makeTokens(200, 2) } });
  s.script('POST /v1/advanced/routes', { body: { routes: [ROUTE] } });
  s.script('POST /v1/advanced/stepTransaction', {
    body: {
      ...STEP,
      estimate: { ...STEP.estimate },
      transactionRequest: {
        from: STEP.action.fromAddress,
        to: '0x2222222222222222222222222222222222222222',
        chainId: '1',
        data: '0x',
        value: '0',
        gasLimit: '21000',
      },
    },
  });
  s.script('GET /v1/status', { body: statusBody('PENDING') });
}

beforeAll(async () => {
  server = await startScriptedServer();
  other = await startScriptedServer();
});
afterAll(async () => {
  await server.close();
  await other.close();
});
beforeEach(async () => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  other.reset();
  scriptAll(server);
  h = await startHarness(server, { apiKey: SECRET });
});
afterEach(() => h.runtime.stop());

const PAGE_ONLY = [
  'getSettings',
  'updateSettings',
  'getTransfers',
  'takePrefill',
  'startExecution',
  'continueExecution',
  'answerExecutionRate',
  'stopExecution',
  'dismissExecution',
] as const;

const ACCOUNT = STEP.action.fromAddress;
const EXECUTION_ID = { id: '0123456789abcdef0123456789abcdef' };
const executionStart = (fromAmount = '100000000') => ({
  tabId: 7,
  wallet: { rdns: 'io.metamask', name: 'MetaMask' },
  account: ACCOUNT,
  recipient: ACCOUNT,
  choice: {
    fromChainId: 1,
    toChainId: 42161,
    fromToken: USDC_ETH.address,
    toToken: USDC_ARB.address,
    fromAmount,
    fromAddress: ACCOUNT,
    slippage: 0.005,
  },
  route: ROUTE,
  allowUnlimited: false,
});

/** A valid message for every type the background itself answers. */
const VALID: { [K in keyof ProtocolMap]?: unknown } = {
  getSettings: undefined,
  updateSettings: { slippage: 0.01 },
  getTransfers: undefined,
  takePrefill: undefined,
  getChains: undefined,
  getTools: undefined,
  searchTokens: { query: 'usd' },
  getToken: { chainId: 1, address: USDC_ETH.address },
  getRoutes: { request: routesRequest(), channel: 'form' },
  startExecution: executionStart(),
  continueExecution: { ...EXECUTION_ID, tabId: 7 },
  answerExecutionRate: { ...EXECUTION_ID, accept: true },
  stopExecution: EXECUTION_ID,
  dismissExecution: EXECUTION_ID,
};

describe('every declared message', () => {
  // Registered by startBackground from the declarations: a reply (here a refusal) proves the handler is there.
  it.each(Object.keys({ ...backgroundMessages, ...cardMessages }))('%s is answered by its handler', async (type) => {
    const reply = await send(type as keyof ProtocolMap, { unexpected: true }, OTHER_EXTENSION);
    expect(reply).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });
});

describe('message validation', () => {
  it.each([
    ['searchTokens', { query: 5 }],
    ['searchTokens', { query: 'x', limit: 10_000 }],
    ['getToken', { chainId: 'one', address: '0x1' }],
    ['getRoutes', { request: { ...routesRequest(), fromAmount: '-1' }, channel: 'form' }],
    ['getRoutes', { request: routesRequest() }],
    // Gas on arrival is a part of the amount: all of it, or a figure that is no integer, is refused.
    ['getRoutes', { request: { ...routesRequest('1000'), fromAmountForGas: '1000' }, channel: 'form' }],
    ['getRoutes', { request: { ...routesRequest('1000'), fromAmountForGas: '0x10' }, channel: 'form' }],
    ['startExecution', { ...executionStart(), choice: { ...executionStart().choice, fromAmountForGas: '-1' } }],
    [
      'startExecution',
      {
        ...executionStart(),
        choice: { ...executionStart().choice, fromAmountForGas: executionStart().choice.fromAmount },
      },
    ],
    ['getChains', { surprise: true }],
    ['startExecution', { ...executionStart(), route: { id: 'r' } }],
    ['startExecution', { ...executionStart(), choice: { ...executionStart().choice, fromAmount: '1e6' } }],
    ['startExecution', { ...executionStart(), tabId: -1 }],
    ['continueExecution', { id: '../../etc' }],
    ['answerExecutionRate', { ...EXECUTION_ID, accept: 'yes' }],
    ['getSettings', 'hello'],
  ] as const)('%s refuses %j with a typed error', async (type, data) => {
    const reply = await send(type, data);
    expect(reply).toMatchObject({ ok: false, error: { name: 'InvalidMessageError', code: 'INVALID_MESSAGE' } });
  });

  it.each([
    [{ apiBaseUrl: 'ftp://example.org' }, 'apiBaseUrl'],
    [{ apiBaseUrl: 'https://user:pw@example.org' }, 'apiBaseUrl'],
    [{ apiBaseUrl: 'http://li.quest' }, 'travel in clear'],
    [{ apiBaseUrl: 'http://192.168.1.20:8787' }, 'travel in clear'],
    [{ slippage: 0.9 }, 'slippage'],
    [{ slippage: -0.1 }, 'slippage'],
    [{ routeOrder: 'FASTEST' }, 'routeOrder'],
    [{ bridges: { allow: ['not a key!'], deny: [], prefer: [] } }, 'bridges'],
    [{ colour: 'blue' }, 'colour'],
  ])('updateSettings refuses %j', async (patch, field) => {
    const reply = await send('updateSettings', patch);
    expect(reply.ok).toBe(false);
    expect(JSON.stringify(reply)).toContain(field);
    expect((await settingsItem.getValue()).slippage).toBe(0.005);
  });

  it('accepts a valid patch and normalises the base URL', async () => {
    // The scripted service again, with a trailing slash: a switch fetches the new service's catalog at once.
    const reply = await send('updateSettings', { apiBaseUrl: `${server.url}/`, slippage: 0.01, routeOrder: 'TIME' });
    expect(reply).toMatchObject({
      ok: true,
      value: { apiBaseUrl: server.url, slippage: 0.01, routeOrder: 'TIME', hasApiKey: true },
    });
    expect((await settingsItem.getValue()).apiKey).toBe(SECRET);
  });

  it.each(PAGE_ONLY)('refuses %s from a content script', async (type) => {
    const reply = await send(type, VALID[type], CONTENT);
    expect(reply).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError', code: 'FORBIDDEN_SENDER' } });
  });

  it('refuses another extension and pages framed in a web page', async () => {
    expect(await send('getChains', undefined, OTHER_EXTENSION)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
    const framed = { ...PAGE, tab: { ...CONTENT.tab!, url: 'https://evil.example/' }, frameId: 3 };
    expect(await send('getSettings', undefined, framed)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
  });

  it('refuses to start an execution whose route is not what the person chose, and stores nothing', async () => {
    const reply = await send('startExecution', executionStart('99000000'));
    expect(reply).toMatchObject({ ok: false, error: { name: 'TransactionGuardError', code: 'ROUTE_MISMATCH' } });
    expect(await fakeBrowser.storage.local.get('executions')).toEqual({});
  });

  it('answers Continue for an unknown execution with a reason, not a crash', async () => {
    const reply = await send('continueExecution', EXECUTION_ID);
    expect(reply).toMatchObject({ ok: false, error: { shortMessage: expect.stringMatching(/no longer known/) } });
  });

  it('lets content scripts read the catalog', async () => {
    const reply = await send('getChains', undefined, CONTENT);
    expect(reply.ok && reply.value.map((c) => c.name)).toEqual(['Ethereum', 'Arbitrum']);
  });
});

/** Content-script messages (answered by explorer.ts through the deps registerAll gives it). */
const CONTENT_VALID: { [K in keyof ProtocolMap]?: unknown } = {
  detectExplorerToken: { url: CONTENT.url },
  getInlineQuotes: { chainId: 1, tokenAddress: USDC_ETH.address, amount: '100' },
  openPrefilled: { fromChainId: 1, fromTokenAddress: USDC_ETH.address },
};

describe('API key', () => {
  it('is sent to the service but never appears in any reply, success or error', async () => {
    const replies: { ok: boolean }[] = [];
    const sendAll = async (messages: typeof VALID, sender: typeof PAGE) => {
      const out: { ok: boolean }[] = [];
      for (const [type, data] of Object.entries(messages))
        out.push(await send(type as keyof ProtocolMap, data, sender));
      replies.push(...out);
      return out;
    };
    await sendAll(VALID, PAGE);
    await sendAll(VALID, CONTENT);
    await sendAll(CONTENT_VALID, CONTENT);

    // The service now refuses the key and quotes it in its error bodies.
    for (const route of [
      'GET /v1/chains',
      'GET /v1/tools',
      'GET /v1/tokens',
      'POST /v1/advanced/routes',
      'POST /v1/advanced/stepTransaction',
    ] as const) {
      server.script(route, { status: 401, body: { message: `invalid key ${SECRET}`, code: 1010 } });
    }
    await sendAll({ ...VALID, getRoutes: { request: routesRequest('7'), channel: 'x' } }, PAGE);
    // Nothing cached any more: every catalog message meets the failing service.
    await fakeBrowser.storage.local.clear();
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, apiKey: SECRET });
    resetIndexedDb();
    await h.restart();
    const failing = [...(await sendAll(VALID, PAGE)), ...(await sendAll(CONTENT_VALID, CONTENT))];
    expect(failing.filter((r) => !r.ok).length).toBeGreaterThanOrEqual(6);

    expect(JSON.stringify(replies)).not.toContain(SECRET);
    expect(JSON.stringify(replies)).not.toContain('apiKey');
    expect(server.requests.some((r) => r.headers['x-api-key'] === SECRET)).toBe(true);
  });

  it('is replaced by hasApiKey in the settings reply and can be cleared', async () => {
    expect(await send('getSettings', undefined)).toMatchObject({ ok: true, value: { hasApiKey: true } });
    expect(await send('updateSettings', { apiKey: '' })).toMatchObject({ ok: true, value: { hasApiKey: false } });
  });
});

describe('settings and the client', () => {
  it('rebuilds the client when the base URL changes', async () => {
    scriptAll(other);
    await send('getChains', undefined);
    const reply = await send('updateSettings', { apiBaseUrl: other.url });
    expect(reply.ok).toBe(true);
    await send('getChains', undefined);
    expect(server.requests.filter((r) => r.path === '/v1/chains')).toHaveLength(1);
    expect(other.requests.filter((r) => r.path === '/v1/chains')).toHaveLength(1);
  });
});

describe('routes', () => {
  it('serves identical requests within 15 s from memory and applies the settings defaults', async () => {
    const a = await send('getRoutes', { request: routesRequest(), channel: 'form' });
    const b = await send('getRoutes', { request: routesRequest(), channel: 'other' });
    expect(a.ok && b.ok).toBe(true);
    const sent = server.requests.filter((r) => r.path === '/v1/advanced/routes');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body).options).toMatchObject({ slippage: 0.005, order: 'OUTPUT' });
    h.clock.advance(16_000);
    await send('getRoutes', { request: routesRequest(), channel: 'form' });
    expect(server.requests.filter((r) => r.path === '/v1/advanced/routes')).toHaveLength(2);
  });

  it('supersedes an older request on the same channel', async () => {
    server.script('POST /v1/advanced/routes', { body: { routes: [ROUTE] }, delayMs: 300 });
    const first = send('getRoutes', { request: routesRequest('1000'), channel: 'form' });
    await new Promise((r) => setTimeout(r, 50));
    const second = send('getRoutes', { request: routesRequest('2000'), channel: 'form' });
    expect(await first).toMatchObject({ ok: false, error: { name: 'SupersededError' } });
    expect(await second).toMatchObject({ ok: true });
  });
});

describe('tokens, prefill, step transaction', () => {
  it('searches and gets tokens from the cached list', async () => {
    const found = await send('searchTokens', { query: 'usdc', chainId: 1, limit: 3 }, CONTENT);
    expect(found.ok && found.value[0]?.symbol).toBe('USDC');
    const one = await send('getToken', { chainId: 1, address: '0x0000000000000000000000000000000000000000' });
    expect(one.ok && one.value?.symbol).toBe('ETH');
    expect(await send('getToken', { chainId: 999, address: USDC_ETH.address })).toEqual({ ok: true, value: null });
    expect(server.requests.filter((r) => r.path === '/v1/tokens')).toHaveLength(1);
  });

  it('hands a stored prefill to the popup once', async () => {
    await setPrefill({ fromChainId: 1, fromTokenAddress: USDC_ETH.address, amount: '1.5' });
    expect(await send('takePrefill', undefined)).toEqual({
      ok: true,
      value: { fromChainId: 1, fromTokenAddress: USDC_ETH.address, amount: '1.5' },
    });
    expect(await send('takePrefill', undefined)).toEqual({ ok: true, value: null });
  });

  it('fetches the step transaction the signing flow asks for (no message sends it)', async () => {
    const step = await h.runtime.steps.getStepTransaction({
      step: STEP as unknown as Step,
      senderAddress: STEP.action.fromAddress,
      recipientAddress: STEP.action.toAddress,
    });
    expect(step.transactionRequest.gasLimit).toBe('21000');
    expect(EXTENSION_ID).toBe(fakeBrowser.runtime.id);
  });
});
