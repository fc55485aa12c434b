import * as v from 'valibot';
import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { ErrorBodySchema } from '../../src/schemas/error';
import { QuoteSchema } from '../../src/schemas/route';
import { ARB_TOKEN, getJson, quoteUrl, RECIPIENT, SENDER, USDC, useServer, ZERO } from '../testing/serviceClient';

const base = {
  fromChain: '1',
  fromToken: USDC[1],
  toChain: '42161',
  toToken: ARB_TOKEN,
  fromAmount: '1000000000',
  fromAddress: SENDER,
};

describe('GET /v1/quote', () => {
  const service = useServer();

  it('returns the best route by output with a hex transaction request calling startBridge', async () => {
    const { status, body } = await getJson(quoteUrl(service.url, base));
    expect(status).toBe(200);
    const quote = v.parse(QuoteSchema, body);
    expect(quote.estimate.approvalAddress).toBe(ROUTER_ADDRESS);
    expect(BigInt(quote.estimate.toAmountMin)).toBeLessThan(BigInt(quote.estimate.toAmount));
    expect(quote.estimate.gasCosts?.[0]?.amountUSD).toBeDefined();
    expect(Number(quote.estimate.toAmountUSD)).toBeGreaterThan(950);
    expect(Number(quote.estimate.toAmountUSD)).toBeLessThan(1000);
    const tx = quote.transactionRequest;
    expect(tx).toMatchObject({ from: SENDER, to: ROUTER_ADDRESS, chainId: '1', value: '0x0' });
    expect(tx.gasLimit).toMatch(/^0x[0-9a-f]+$/);
    expect(tx.gasPrice).toMatch(/^0x[0-9a-f]+$/);
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data as `0x${string}` });
    expect(call.functionName).toBe('startBridge');
    if (call.functionName !== 'startBridge') throw new Error(call.functionName);
    const params = call.args[0];
    expect(params.tokenIn).toBe(USDC[1]);
    expect(params.amountIn).toBe(1_000_000_000n);
    expect(params.dstChainId).toBe(42161n);
    expect(params.dstToken).toBe(ARB_TOKEN);
    expect(params.dstAmount).toBe(BigInt(quote.estimate.toAmount));
    expect(params.minDstAmount).toBe(BigInt(quote.estimate.toAmountMin));
    expect(params.recipient).toBe(SENDER);

    // It is the best of the routes list by output.
    const { body: list } = await getJson(`${service.url}/v1/advanced/routes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fromChainId: '1',
        fromTokenAddress: USDC[1],
        toChainId: '42161',
        toTokenAddress: ARB_TOKEN,
        fromAmount: '1000000000',
      }),
    });
    expect(quote.estimate.toAmount).toBe(list.routes[0].estimate.toAmount);
  });

  it('sends native value in hex and no approval for a native source; pays toAddress', async () => {
    const { body } = await getJson(
      quoteUrl(service.url, {
        ...base,
        fromChain: '10',
        fromToken: ZERO,
        toChain: '8453',
        toToken: USDC[8453],
        fromAmount: '500000000000000000',
        toAddress: RECIPIENT,
      }),
    );
    const quote = v.parse(QuoteSchema, body);
    expect(quote.estimate.approvalAddress).toBeUndefined();
    expect(BigInt(quote.transactionRequest.value)).toBe(500000000000000000n);
    expect(quote.transactionRequest.value).toMatch(/^0x/);
    const call = decodeFunctionData({ abi: routerAbi, data: quote.transactionRequest.data as `0x${string}` });
    if (call.functionName !== 'startBridge') throw new Error(call.functionName);
    expect(call.args[0].recipient).toBe(RECIPIENT);
  });

  it('quotes a same-chain swap with swap() calldata', async () => {
    const { body } = await getJson(quoteUrl(service.url, { ...base, toChain: '1', toToken: ZERO, slippage: '0.01' }));
    const quote = v.parse(QuoteSchema, body);
    expect(quote.type).toBe('swap');
    expect(['1inch', 'paraswap', '0x', 'uniswap', 'sushiswap', 'pancakeswap']).toContain(quote.tool);
    expect(quote.action.slippage).toBe(0.01);
    const call = decodeFunctionData({ abi: routerAbi, data: quote.transactionRequest.data as `0x${string}` });
    expect(call.functionName).toBe('swap');
    expect(call.args).toEqual([USDC[1], ZERO, 1_000_000_000n, BigInt(quote.estimate.toAmountMin), SENDER]);
    // 1 % slippage: the floor is 99 % of the estimate.
    const ratio = Number(quote.estimate.toAmountMin) / Number(quote.estimate.toAmount);
    expect(ratio).toBeCloseTo(0.99, 6);
  });

  it('uses the default slippage of 0.005', async () => {
    const quote = v.parse(QuoteSchema, (await getJson(quoteUrl(service.url, base))).body);
    expect(quote.action.slippage).toBe(0.005);
    expect(Number(quote.estimate.toAmountMin) / Number(quote.estimate.toAmount)).toBeCloseTo(0.995, 6);
  });

  it('honours allowBridges and denyBridges', async () => {
    const allowed = v.parse(QuoteSchema, (await getJson(quoteUrl(service.url, { ...base, allowBridges: 'hop' }))).body);
    expect(allowed.tool).toBe('hop');
    const denied = v.parse(
      QuoteSchema,
      (await getJson(quoteUrl(service.url, { ...base, denyBridges: 'across,relay,stargate' }))).body,
    );
    expect(['hop', 'cbridge']).toContain(denied.tool);
  });

  it('requires fromAddress (the transaction needs a sender)', async () => {
    const { fromAddress: _, ...rest } = base;
    const { status, body } = await getJson(quoteUrl(service.url, rest));
    expect(status).toBe(400);
    expect(v.parse(ErrorBodySchema, body)).toMatchObject({ code: 1011, errors: { fromAddress: expect.any(String) } });
  });

  it.each([
    [{ fromAmount: '-5' }, 'fromAmount'],
    [{ fromAmount: '0' }, 'fromAmount'],
    [{ fromToken: '0x123' }, 'fromToken'],
    [{ toChain: '999' }, 'toChain'],
    [{ toToken: '0x000000000000000000000000000000000000dEaD' }, 'toToken'],
    [{ slippage: '2' }, 'slippage'],
    [{ fromAddress: '0x1111111111111111111111111111111111111ABC' }, 'fromAddress'],
    [{ allowBridges: 'wormhole' }, 'allowBridges'],
    [{ fromChain: undefined }, 'fromChain'],
  ])('answers 400 naming the field for %o', async (change, field) => {
    const params: Record<string, string> = { ...base };
    for (const [k, value] of Object.entries(change)) {
      if (value === undefined) delete params[k];
      else params[k] = value;
    }
    const { status, body } = await getJson(quoteUrl(service.url, params));
    expect(status).toBe(400);
    expect(body.code).toBe(1011);
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.message).toContain(field);
  });

  it('answers 404 (code 1002) with per-tool reasons when no route exists', async () => {
    const { status, body } = await getJson(quoteUrl(service.url, { ...base, fromAmount: '100' }));
    expect(status).toBe(404);
    const error = v.parse(ErrorBodySchema, body);
    expect(error.code).toBe(1002);
    const errors = error.errors as { errorType: string; code: string; tool: string; message: string }[];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.errorType === 'NO_QUOTE')).toBe(true);
    expect(errors.map((e) => e.code)).toContain('AMOUNT_TOO_LOW');
    expect(errors.find((e) => e.tool === 'across')).toBeDefined();
  });

  it('reports AMOUNT_TOO_HIGH beyond every bridge capacity', async () => {
    const { status, body } = await getJson(
      quoteUrl(service.url, { ...base, toToken: USDC[42161], fromAmount: '50000000000000' }),
    );
    expect(status).toBe(404);
    expect(body.errors.map((e: { code: string }) => e.code)).toContain('AMOUNT_TOO_HIGH');
  });

  it('reports INSUFFICIENT_LIQUIDITY for a swap that would empty the pools', async () => {
    const { status, body } = await getJson(
      quoteUrl(service.url, {
        ...base,
        toChain: '1',
        toToken: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
        fromAmount: '40000000000000',
      }),
    );
    expect(status).toBe(404);
    expect(body.errors.every((e: { code: string }) => e.code === 'INSUFFICIENT_LIQUIDITY')).toBe(true);
  });

  it('survives absurd amounts: no quote below uint256, 400 above', async () => {
    const huge = (
      await getJson(quoteUrl(service.url, { ...base, toChain: '1', toToken: ZERO, fromAmount: `1${'0'.repeat(75)}` }))
    ).status;
    expect(huge).toBe(404);
    const { status, body } = await getJson(quoteUrl(service.url, { ...base, fromAmount: `1${'0'.repeat(78)}` }));
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty('fromAmount');
  });

  it('has no route to or from Solana (listed only)', async () => {
    const { status, body } = await getJson(
      quoteUrl(service.url, { ...base, toChain: '1151111081099710', toToken: ZERO }),
    );
    expect(status).toBe(404);
    expect(body.errors[0].code).toBe('NO_POSSIBLE_ROUTE');
  });
});
