import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../app';
import { SENDER, USDC } from '../testing/serviceClient';

/**
 * GET /v1/quote names tokens as LI.FI's does: a 0x address, an SPL mint on Solana (base58, as the routes'
 * `toTokenAddress` takes it), or a symbol; the caller's `x-lifi-integrator` names the integrator when the query
 * does not. Statuses are asked by `txHash` or `taskId`, one of them.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
});
afterAll(async () => {
  await server?.close();
});

const SOLANA = 1151111081099710;
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOLANA_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const quoteUrl = (params: Record<string, string | number>) =>
  `${server.url}/v1/quote?${new URLSearchParams(
    Object.entries({ fromChain: 1, fromToken: USDC[1], fromAmount: 25_000_000, fromAddress: SENDER, ...params }).map(
      ([k, v]) => [k, String(v)],
    ),
  )}`;

type Step = { integrator: string; action: { toChainId: number; toToken: { address: string }; toAddress: string } };

describe('lifi quote tokens', () => {
  it('takes a Solana mint as toToken and quotes delivery of that mint', async () => {
    const res = await fetch(quoteUrl({ toChain: SOLANA, toToken: USDC_SOLANA, toAddress: SOLANA_WALLET }));
    expect(res.status).toBe(200);
    const step = (await res.json()) as Step;
    expect(step.action).toMatchObject({
      toChainId: SOLANA,
      toToken: { address: USDC_SOLANA },
      toAddress: SOLANA_WALLET,
    });
  });

  it('still refuses what is neither an address nor a symbol, and a mint named on an EVM chain', async () => {
    const garbage = await fetch(quoteUrl({ toChain: 42161, toToken: 'not a token!' }));
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ code: 1011, message: expect.stringMatching(/address or symbol/) });
    // 0OIl are not base58: a near-mint with them is no address, and too long for a symbol.
    const notBase58 = await fetch(quoteUrl({ toChain: SOLANA, toToken: `0OIl${USDC_SOLANA.slice(4)}` }));
    expect(notBase58.status).toBe(400);
    const mintOnEvm = await fetch(quoteUrl({ toChain: 42161, toToken: USDC_SOLANA }));
    expect(mintOnEvm.status).toBe(400);
    expect(await mintOnEvm.json()).toMatchObject({ code: 1011, message: expect.stringMatching(/toToken/) });
  });

  it('names the integrator from x-lifi-integrator when the query does not, the query winning when both do', async () => {
    const headers = { 'x-lifi-integrator': 'bridge-companion' };
    const byHeader = (await (
      await fetch(quoteUrl({ toChain: 42161, toToken: USDC[42161] }), { headers })
    ).json()) as Step;
    expect(byHeader.integrator).toBe('bridge-companion');
    const both = (await (
      await fetch(quoteUrl({ toChain: 42161, toToken: USDC[42161], integrator: 'tests' }), { headers })
    ).json()) as Step;
    expect(both.integrator).toBe('tests');
    const neither = (await (await fetch(quoteUrl({ toChain: 42161, toToken: USDC[42161] }))).json()) as Step;
    expect(neither.integrator).not.toBe('bridge-companion');
  });
});

describe('lifi status subject', () => {
  it('asks by txHash or taskId, exactly one, and answers an unknown one NOT_FOUND', async () => {
    const none = await fetch(`${server.url}/v1/status?fromChain=1`);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ code: 1011, errors: { txHash: expect.any(String) } });
    const both = await fetch(`${server.url}/v1/status?txHash=0x${'ab'.repeat(32)}&taskId=0x${'cd'.repeat(32)}`);
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ code: 1011, errors: { taskId: expect.any(String) } });
    const badTask = await fetch(`${server.url}/v1/status?taskId=task-1`);
    expect(badTask.status).toBe(400);
    const byTask = await fetch(`${server.url}/v1/status?taskId=0x${'cd'.repeat(32)}`);
    expect(byTask.status).toBe(200);
    expect(await byTask.json()).toEqual({ status: 'NOT_FOUND' });
  });
});
