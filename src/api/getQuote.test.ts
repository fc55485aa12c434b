import { describe, expect, it } from 'vitest';
import { errorBody, quote, USDC_ARB, USDC_ETH, WALLET } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { HttpRequestError, SchemaError } from './errors';
import { getQuote } from './getQuote';

const server = useScriptedServer();
const client = () => createRoutingClient({ baseUrl: server.current.url, retry: { attempts: 1 } });

const required = { fromChain: 1, fromToken: USDC_ETH, toChain: 42161, toToken: USDC_ARB, fromAmount: 1_000_000n };

describe('getQuote', () => {
  it('sends the required parameters as strings', async () => {
    server.current.script('GET /v1/quote', { body: quote() });
    await getQuote(client(), required);
    const [req] = server.current.requests;
    expect(req?.path).toBe('/v1/quote');
    expect(Object.fromEntries(req?.query ?? [])).toEqual({
      fromChain: '1',
      fromToken: USDC_ETH,
      toChain: '42161',
      toToken: USDC_ARB,
      fromAmount: '1000000',
    });
  });

  it('sends every option, bridge lists comma-separated', async () => {
    server.current.script('GET /v1/quote', { body: quote() });
    await getQuote(client(), {
      ...required,
      fromAddress: WALLET,
      toAddress: WALLET,
      slippage: 0.01,
      allowBridges: ['across', 'stargate'],
      denyBridges: ['hop'],
    });
    const [req] = server.current.requests;
    expect(req?.url).toContain('&allowBridges=across,stargate&denyBridges=hop');
    expect(req?.query.get('slippage')).toBe('0.01');
    expect(req?.query.get('fromAddress')).toBe(WALLET);
    expect(req?.query.get('toAddress')).toBe(WALLET);
  });

  it('returns the route with hex transaction values as sent', async () => {
    server.current.script('GET /v1/quote', { body: quote() });
    const result = await getQuote(client(), required);
    expect(result.transactionRequest).toMatchObject({ value: '0x0', gasLimit: '0x30d40' });
    expect(result.estimate.approvalAddress).toBeDefined();
    expect(result.estimate.toAmountMin).toBe('993010');
  });

  it('accepts chain IDs as numbers in the action (the spec allows it in a quote)', async () => {
    const body = quote();
    server.current.script('GET /v1/quote', {
      body: { ...body, action: { ...body.action, fromChainId: 1, toChainId: 42161 } },
    });
    const result = await getQuote(client(), required);
    expect(result.action.fromChainId).toBe(1);
  });

  it('accepts a decimal transaction value as well as hex, and refuses anything else', async () => {
    const body = quote();
    server.current.script('GET /v1/quote', {
      body: { ...body, transactionRequest: { ...body.transactionRequest, value: '1000' } },
    });
    expect((await getQuote(client(), required)).transactionRequest.value).toBe('1000');
    server.current.script('GET /v1/quote', {
      body: { ...body, transactionRequest: { ...body.transactionRequest, value: '1.5' } },
    });
    const err = await getQuote(client(), required).catch((e: unknown) => e);
    expect((err as SchemaError).paths).toEqual(['transactionRequest.value']);
  });

  it('refuses a quote without the transaction request it promises', async () => {
    const { transactionRequest: _, ...body } = quote();
    server.current.script('GET /v1/quote', { body });
    const err = await getQuote(client(), required).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).paths).toEqual(['transactionRequest']);
  });

  it('refuses an estimate whose toAmountMin is not an integer string', async () => {
    const body = quote();
    server.current.script('GET /v1/quote', { body: { ...body, estimate: { ...body.estimate, toAmountMin: '99.5' } } });
    const err = await getQuote(client(), required).catch((e: unknown) => e);
    expect((err as SchemaError).paths).toEqual(['estimate.toAmountMin']);
  });

  it('explains a "no quote" answer with the per-tool reasons', async () => {
    server.current.script('GET /v1/quote', {
      status: 404,
      body: errorBody(1002, 'No available quotes for the requested transfer', [
        { errorType: 'NO_QUOTE', code: 'AMOUNT_TOO_LOW', tool: 'across', message: 'The amount is too low' },
        { errorType: 'NO_QUOTE', code: 'INSUFFICIENT_LIQUIDITY', tool: 'stargate' },
      ]),
    });
    const err = await getQuote(client(), required).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpRequestError);
    const http = err as HttpRequestError;
    expect(http.shortMessage).toBe('No route found for this transfer.');
    expect(http.code).toBe(1002);
    expect(http.toolErrors).toHaveLength(2);
    expect(http.details).toContain('No available quotes for the requested transfer');
    expect(http.details).toContain('across: AMOUNT_TOO_LOW (The amount is too low)');
    expect(http.details).toContain('stargate: INSUFFICIENT_LIQUIDITY');
  });
});
