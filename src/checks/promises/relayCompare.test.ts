import { describe, expect, it } from 'vitest';
import { buildRelayOrder } from '../../../server/devnet/relayOrders';
import { compareRelayOrder, type RelayOrderExpectation } from './relayCompare';
import type { RelayOrder } from './relayOrder';

const PERSON = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const OTHER = '0x000000000000000000000000000000000000dEaD';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

const EXPECTED: RelayOrderExpectation = {
  deposit: { chainId: 1, token: USDC_ETHEREUM, amount: 30_000_000n },
  account: PERSON,
  toChainId: 42161,
  recipient: PERSON,
  toToken: USDC_ARBITRUM,
  minimum: 29_700_000n,
};

/** The order the devnet's Relay quotes for EXPECTED (server/devnet/relayOrders.ts). */
const HONEST: RelayOrder = buildRelayOrder({
  fromChainId: 1,
  currency: USDC_ETHEREUM,
  amount: 30_000_000n,
  depositor: PERSON,
  toChainId: 42161,
  recipient: PERSON,
  toCurrency: USDC_ARBITRUM,
  minimumAmount: 29_700_000n,
  expectedAmount: 29_900_000n,
  now: 1_790_000_000,
});

const input = HONEST.inputs[0]!;
const payment = HONEST.output.payments[0]!;
const withInput = (change: Partial<typeof input.payment>): RelayOrder => ({
  ...HONEST,
  inputs: [{ ...input, payment: { ...input.payment, ...change } }],
});
const withPayment = (change: Partial<typeof payment>): RelayOrder => ({
  ...HONEST,
  output: { ...HONEST.output, payments: [{ ...payment, ...change }] },
});

describe('compareRelayOrder', () => {
  it('proves receiver, chain, token and minimum of an order that agrees with the deposit and the choice', () => {
    expect(compareRelayOrder(HONEST, EXPECTED)).toEqual({
      ok: true,
      proven: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
      unproven: [],
    });
    // Addresses in any case, and a minimum above the floor, agree.
    expect(
      compareRelayOrder(withPayment({ recipient: PERSON.toLowerCase(), minimumAmount: '29800000' }), EXPECTED).ok,
    ).toBe(true);
  });

  it.each<[string, RelayOrder, RegExp]>([
    ['a second input', { ...HONEST, inputs: [input, input] }, /takes 2 deposits/],
    ['no input', { ...HONEST, inputs: [] }, /takes 0 deposits/],
    ['another input chain', withInput({ chainId: 'base' }), /expects 30000000 units .* on base/],
    [
      'another input token',
      withInput({ currency: OTHER }),
      /expects 30000000 units of 0x000000000000000000000000000000000000dEaD on ethereum/,
    ],
    ['a smaller input', withInput({ amount: '1000000' }), /expects 1000000 units/],
    ['a larger input', withInput({ amount: '31000000' }), /expects 31000000 units/],
    [
      'a refund to someone else',
      { ...HONEST, inputs: [{ ...input, refunds: [...input.refunds, { ...input.refunds[0]!, recipient: OTHER }] }] },
      /refunds to 0x000000000000000000000000000000000000dEaD/,
    ],
    [
      'another output chain',
      { ...HONEST, output: { ...HONEST.output, chainId: 'base' } },
      /pays on chain base, not .*arbitrum/,
    ],
    [
      'another receiver',
      withPayment({ recipient: OTHER }),
      /pays 0x000000000000000000000000000000000000dEaD, not the receiver/,
    ],
    ['another token', withPayment({ currency: OTHER }), /pays token 0x000000000000000000000000000000000000dEaD/],
    [
      'a lower minimum',
      withPayment({ minimumAmount: '29699999' }),
      /at least 29699999 units, less than the 29700000 shown/,
    ],
    ['a second payment', { ...HONEST, output: { ...HONEST.output, payments: [payment, payment] } }, /makes 2 payments/],
    ['a call on the destination', { ...HONEST, output: { ...HONEST.output, calls: ['0x1234'] } }, /also makes 1 calls/],
  ])('refuses an order with %s', (_, order, says) => {
    const proof = compareRelayOrder(order, EXPECTED);
    expect(proof.ok).toBe(false);
    expect(proof.ok ? '' : proof.reason).toMatch(says);
  });

  it('refuses to prove a chain it has no Relay id for', () => {
    const proof = compareRelayOrder(HONEST, { ...EXPECTED, toChainId: 56 });
    expect(proof).toEqual({ ok: false, reason: expect.stringMatching(/chain 56 has no Relay chain id/) });
  });
});
