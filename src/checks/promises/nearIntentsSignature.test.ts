import { describe, expect, it } from 'vitest';
import { canonicalJson, type OneClickQuoteResponse, verifyOneClickQuote } from './nearIntentsSignature';

// 1Click's own test vectors (defuse-protocol/one-click-sdk-typescript, src/__tests__/quote-signature.test.ts),
// signed by its staging key.
const STAGING_KEY = 'ed25519:5J5tkaxyPoR3Q9S8LXfo5bWnXK5Z2bctJ4mB9gENh7co';
const REQUEST = {
  dry: false,
  depositMode: 'SIMPLE',
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: '1cs_v1:btc:native:coin',
  depositType: 'ORIGIN_CHAIN',
  destinationAsset: 'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.stft.near',
  amount: '10000',
  refundTo: 'bc1q6mte80265ghwq4vsrpm9lnaz46uvdreu9z8wly',
  refundType: 'ORIGIN_CHAIN',
  recipient: '0xcac3C41676deF4FE375E57118f3eB83A99105577',
  recipientType: 'DESTINATION_CHAIN',
  deadline: '2026-06-23T19:00:00.000Z',
  confidentiality: 'public',
  quoteWaitingTimeMs: 0,
  appFees: [{ recipient: '5880ad2b362620fadf759cbceb1cd5737ce8c6ed7fb8e9942881e6731f9247dd', fee: 10 }],
};
const FULL_QUOTE: OneClickQuoteResponse = {
  timestamp: '2026-06-23T17:10:41.104Z',
  signature: 'ed25519:53wcpim7FDNLbBHVezUpakthWq2TR9Lag3PwW3e8Cxmz4bFEodcc4rui5BiVHRRaHocYE9URVapzJD8JxLNDs8K9',
  quoteRequest: REQUEST,
  quote: {
    amountIn: '10000',
    amountInFormatted: '0.0001',
    amountInUsd: '6.237600000000',
    minAmountIn: '10000',
    amountOut: '5931560',
    amountOutFormatted: '5.93156',
    amountOutUsd: '5.925171709880',
    minAmountOut: '5872244',
    timeEstimate: 812,
    refundFee: '1900',
    withdrawFee: '300000',
    deadline: '2026-06-26T19:00:00.000Z',
    timeWhenInactive: '2026-06-26T19:00:00.000Z',
    depositAddress: 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw',
  },
};
const DRY_QUOTE: OneClickQuoteResponse = {
  timestamp: '2026-06-23T17:10:55.616Z',
  signature: 'ed25519:3yVRcYGXRVj2YqrUng4Ne2yiWgh9YQfer46KW6sXiWzoyRHgsifwDp1HSZW7VLRTdKXoMgxJce22LQ9dcoihyfu5',
  quoteRequest: { ...REQUEST, dry: true },
  quote: {
    amountIn: '10000',
    amountInFormatted: '0.0001',
    amountInUsd: '6.237600000000',
    minAmountIn: '10000',
    amountOut: '5935024',
    amountOutFormatted: '5.935024',
    amountOutUsd: '5.928631979152',
    minAmountOut: '5875673',
    timeEstimate: 812,
    refundFee: '1900',
    withdrawFee: '300000',
  },
};
// The same quote as the status endpoint answers it: nulls for empty fields, keys in another order.
const STATUS_QUOTE: OneClickQuoteResponse = {
  ...FULL_QUOTE,
  quoteRequest: {
    ...REQUEST,
    quoteWaitingTimeMs: undefined,
    virtualChainRecipient: null,
    virtualChainRefundRecipient: null,
    referral: null,
  },
};

describe('verifyOneClickQuote', () => {
  it("accepts 1Click's own signed vectors: a full quote, a dry one and one from the status endpoint", () => {
    expect(verifyOneClickQuote(FULL_QUOTE, STAGING_KEY)).toBe(true);
    expect(verifyOneClickQuote(DRY_QUOTE, STAGING_KEY)).toBe(true);
    expect(verifyOneClickQuote(STATUS_QUOTE, STAGING_KEY)).toBe(true);
  });

  it('refuses the vector with any signed field changed alone', () => {
    const changed: [string, OneClickQuoteResponse][] = [
      ['recipient', { ...FULL_QUOTE, quoteRequest: { ...REQUEST, recipient: '0x'.padEnd(42, '1') } }],
      ['destinationAsset', { ...FULL_QUOTE, quoteRequest: { ...REQUEST, destinationAsset: 'nep141:eth.omft.near' } }],
      ['refundTo', { ...FULL_QUOTE, quoteRequest: { ...REQUEST, refundTo: 'bc1qattacker' } }],
      ['depositAddress', { ...FULL_QUOTE, quote: { ...FULL_QUOTE.quote, depositAddress: 'bc1q0000' } }],
      ['minAmountOut', { ...FULL_QUOTE, quote: { ...FULL_QUOTE.quote, minAmountOut: '1' } }],
      ['deadline', { ...FULL_QUOTE, quote: { ...FULL_QUOTE.quote, deadline: '2030-01-01T00:00:00.000Z' } }],
      ['timestamp', { ...FULL_QUOTE, timestamp: '2026-06-23T17:10:41.105Z' }],
    ];
    for (const [field, response] of changed) expect(verifyOneClickQuote(response, STAGING_KEY), field).toBe(false);
  });

  it('refuses another key, a missing signature and one that is not base58', () => {
    expect(verifyOneClickQuote(FULL_QUOTE, 'ed25519:reYaWhvwu8Jzo3WUM3zhn6VrhuMEF4eADL17qtRVifc')).toBe(false);
    expect(verifyOneClickQuote({ ...FULL_QUOTE, signature: '' }, STAGING_KEY)).toBe(false);
    expect(verifyOneClickQuote({ ...FULL_QUOTE, signature: 'not-a-valid-signature' }, STAGING_KEY)).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves undefined fields out, as json-stable-stringify does', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});
