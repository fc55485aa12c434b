import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyOneClickQuote } from '../../src/checks/promises/nearIntentsSignature';
import { type RunningServer, startServer } from '../app';
import { ONE_CLICK_DEVNET_PUBLIC_KEY } from '../devnet/nearIntentsSigner';
import { issueOneClickQuote } from '../devnet/oneClickQuotes';

/**
 * The devnet's 1Click status beside the twin (`GET /1click/v0/status?depositAddress=`): each quote its own deposit
 * address and quote id, even for the same transfer asked twice, answered with the quote signed by the devnet's
 * 1Click key.
 */
let service: RunningServer;
beforeAll(async () => {
  service = await startServer({ dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
}, 60_000);
afterAll(async () => {
  await service?.close();
});

const input = {
  transactionId: `0x${'22'.repeat(32)}`,
  fromChainId: 1,
  toChainId: 42161,
  sendingToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  toToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  amountIn: 5_000_000n,
  minAmountOut: 4_900_000n,
  recipient: '0x5Df2E0E4F1E8e1E5A1e7B5bD1f4B3cd0E5D4C3b2',
  refundTo: '0x5Df2E0E4F1E8e1E5A1e7B5bD1f4B3cd0E5D4C3b2',
  deadline: 1_900_000_000,
  slippageBps: 50,
} as const;

describe('GET /1click/v0/status', () => {
  it('gives the same transfer asked twice two deposit addresses and two quote ids', () => {
    const first = issueOneClickQuote(input);
    const second = issueOneClickQuote(input);
    expect(first.depositAddress).not.toBe(second.depositAddress);
    expect(first.quoteId).not.toBe(second.quoteId);
  });

  it('answers a deposit address with the quote behind it, signed by the devnet 1Click key', async () => {
    const quote = issueOneClickQuote(input);
    const response = await fetch(`${service.url}/1click/v0/status?depositAddress=${quote.depositAddress}`);
    expect(response.status).toBe(200);
    const status = await response.json();
    expect(status.quoteResponse.quote.depositAddress).toBe(quote.depositAddress);
    expect(status.quoteResponse.quoteRequest).toMatchObject({
      recipient: input.recipient,
      destinationAsset: 'nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near',
      refundTo: input.refundTo,
    });
    expect(verifyOneClickQuote(status.quoteResponse, ONE_CLICK_DEVNET_PUBLIC_KEY)).toBe(true);
  });

  it('answers 404 for a deposit address it never issued, and 400 without one', async () => {
    const unknown = await fetch(`${service.url}/1click/v0/status?depositAddress=0x${'00'.repeat(20)}`);
    expect(unknown.status).toBe(404);
    expect((await fetch(`${service.url}/1click/v0/status`)).status).toBe(400);
  });
});
