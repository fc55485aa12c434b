import { describe, expect, it } from 'vitest';
import { ONE_CLICK_DEVNET_PUBLIC_KEY, signOneClickQuote } from '../../../server/devnet/nearIntentsSigner';
import { issueOneClickQuote, oneClickStatus } from '../../../server/devnet/oneClickQuotes';
import { LIFI_CHAIN_ID_SOLANA } from '../../contracts/lifiDiamond';
import type { TransferChoice } from '../../model/choice';
import { proveNearIntentsQuote } from './nearIntents';
import type { OneClickQuoteResponse } from './nearIntentsSignature';

const SENDER = '0x5Df2E0E4F1E8e1E5A1e7B5bD1f4B3cd0E5D4C3b2';
const RECEIVER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const NOW = 1_800_000_000;
const choice: TransferChoice = {
  fromChainId: 1,
  toChainId: LIFI_CHAIN_ID_SOLANA,
  fromToken: USDC_ETHEREUM,
  toToken: USDC_SOLANA,
  fromAmount: 100_000_000n,
  fromAddress: SENDER,
  toAddress: RECEIVER,
  slippage: 0.005,
};
const PROMISED = ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'] as const;

function honestQuote() {
  return issueOneClickQuote({
    transactionId: `0x${'11'.repeat(32)}`,
    fromChainId: 1,
    toChainId: LIFI_CHAIN_ID_SOLANA,
    sendingToken: USDC_ETHEREUM,
    toToken: USDC_SOLANA,
    amountIn: 100_000_000n,
    minAmountOut: 99_000_000n,
    recipient: RECEIVER,
    refundTo: SENDER,
    deadline: NOW + 3600,
    slippageBps: 50,
  });
}

const prove = (status: unknown, depositAddress: string, minAmountOut = 99_000_000n) =>
  proveNearIntentsQuote({
    status,
    call: { depositAddress, minAmountOut, promised: PROMISED },
    choice,
    publicKey: ONE_CLICK_DEVNET_PUBLIC_KEY,
    now: NOW,
  });

/** The status of `quote` with one field changed and signed again by 1Click's (devnet) key. */
function resigned(quote: OneClickQuoteResponse, change: (q: OneClickQuoteResponse) => OneClickQuoteResponse) {
  const { signature: _, ...changed } = change(structuredClone(quote));
  return { status: 'PENDING_DEPOSIT', quoteResponse: signOneClickQuote(changed) };
}

describe('proveNearIntentsQuote', () => {
  it("proves receiver, chain, token and minimum with 1Click's signed quote for the call's deposit address", () => {
    const quote = honestQuote();
    expect(prove(oneClickStatus(quote.depositAddress), quote.depositAddress)).toEqual({
      ok: true,
      proven: PROMISED,
      unproven: [],
    });
  });

  it('refuses a validly signed quote with any one figure other than the choice', () => {
    const { response, depositAddress } = honestQuote();
    const cases: [string, (q: OneClickQuoteResponse) => OneClickQuoteResponse][] = [
      ['recipient', (q) => ({ ...q, quoteRequest: { ...q.quoteRequest, recipient: SENDER } })],
      ['recipientType', (q) => ({ ...q, quoteRequest: { ...q.quoteRequest, recipientType: 'INTENTS' } })],
      [
        'destinationAsset',
        (q) => ({ ...q, quoteRequest: { ...q.quoteRequest, destinationAsset: 'nep141:sol.omft.near' } }),
      ],
      ['refundTo', (q) => ({ ...q, quoteRequest: { ...q.quoteRequest, refundTo: RECEIVER } })],
      ['refundType', (q) => ({ ...q, quoteRequest: { ...q.quoteRequest, refundType: 'INTENTS' } })],
      ['minAmountOut', (q) => ({ ...q, quote: { ...q.quote, minAmountOut: '98999999' } })],
      ['deadline', (q) => ({ ...q, quote: { ...q.quote, deadline: new Date((NOW - 1) * 1000).toISOString() } })],
      ['depositAddress', (q) => ({ ...q, quote: { ...q.quote, depositAddress: SENDER } })],
    ];
    for (const [field, change] of cases) {
      const proof = prove(resigned(response, change), depositAddress);
      expect(proof.ok, field).toBe(false);
    }
    // The same quote re-signed unchanged still proves everything: the refusals above are the fields'.
    expect(
      prove(
        resigned(response, (q) => q),
        depositAddress,
      ).ok,
    ).toBe(true);
  });

  it('refuses a quote promising less than the least the call carries', () => {
    const quote = honestQuote();
    expect(prove(oneClickStatus(quote.depositAddress), quote.depositAddress, 99_000_001n).ok).toBe(false);
  });

  it('proves nothing when 1Click does not answer, answers nonsense, or the signature is not its key', () => {
    const quote = honestQuote();
    const unproven = { ok: true, proven: [], unproven: PROMISED };
    expect(prove(undefined, quote.depositAddress)).toEqual(unproven);
    expect(prove({ status: 'NOT_FOUND' }, quote.depositAddress)).toEqual(unproven);
    const forged = oneClickStatus(quote.depositAddress)!;
    const tampered = {
      ...forged,
      quoteResponse: {
        ...forged.quoteResponse,
        quoteRequest: { ...forged.quoteResponse.quoteRequest, recipient: SENDER },
      },
    };
    expect(prove(tampered, quote.depositAddress)).toEqual(unproven);
  });

  it('leaves chain and token unproven where the asset table does not know the chosen token', () => {
    const quote = honestQuote();
    const proof = proveNearIntentsQuote({
      status: oneClickStatus(quote.depositAddress),
      call: { depositAddress: quote.depositAddress, minAmountOut: 1n, promised: PROMISED },
      choice: { ...choice, toToken: 'So11111111111111111111111111111111111111112' },
      publicKey: ONE_CLICK_DEVNET_PUBLIC_KEY,
      now: NOW,
    });
    expect(proof).toEqual({
      ok: true,
      proven: ['receiver', 'minAmountOut'],
      unproven: ['destinationChain', 'receivingToken'],
    });
  });
});
