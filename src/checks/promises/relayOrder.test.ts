import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { type RelayOrder, relayOrderId, relayOrderSigner } from './relayOrder';

/** relayprotocol/relay-settlement, packages/sdk/test/order.test.ts ("should compute order id correctly"). */
const SETTLEMENT_VECTOR: RelayOrder = {
  version: 'v1',
  solverChainId: 'base',
  solver: '0xfd073a9ccb34f8a13c466eb16dff990d6178a5ef',
  salt: '0x0ef19e8ac216cebd161d73425c0b1e1ae12f5a4d56fc54cddb4f9755c5e7b1b8',
  inputs: [
    {
      payment: {
        chainId: 'base',
        currency: '0x0000000000000000000000000000000000000000',
        amount: '100000000000000',
        weight: '1',
      },
      refunds: [
        {
          chainId: 'base',
          recipient: '0x8B5E4dB198FfC7f69f8F11F6592f682717dF1D92',
          currency: '0x0000000000000000000000000000000000000000',
          minimumAmount: '0',
          deadline: 1774878936,
          extraData: '0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f',
        },
        {
          chainId: 'solana',
          recipient: '7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1',
          currency: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
          minimumAmount: '0',
          deadline: 1774878936,
          extraData: '0x',
        },
      ],
    },
  ],
  output: {
    chainId: 'solana',
    payments: [
      {
        recipient: '7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1',
        currency: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        minimumAmount: '187151',
        expectedAmount: '196567',
      },
    ],
    calls: [],
    deadline: 1774878936,
    extraData: '0x',
  },
  fees: [],
};

describe('relayOrderId', () => {
  it("gives relay-settlement's own test vector", () => {
    expect(relayOrderId(SETTLEMENT_VECTOR)).toBe('0x67f44dc715059f196cd133e54e4bbe125773cb6d7053d24389fbda361f4c14d8');
  });

  it('changes with the receiver, and with nothing but what the order says', () => {
    const payment = SETTLEMENT_VECTOR.output.payments[0]!;
    const other = {
      ...SETTLEMENT_VECTOR,
      output: {
        ...SETTLEMENT_VECTOR.output,
        payments: [{ ...payment, recipient: SETTLEMENT_VECTOR.output.payments[0]!.currency }],
      },
    };
    expect(relayOrderId(other)).not.toBe(relayOrderId(SETTLEMENT_VECTOR));
    // The same EVM address in either case is the same bytes.
    const refunds = SETTLEMENT_VECTOR.inputs[0]!.refunds;
    const lower = {
      ...SETTLEMENT_VECTOR,
      inputs: [
        {
          ...SETTLEMENT_VECTOR.inputs[0]!,
          refunds: [{ ...refunds[0]!, recipient: refunds[0]!.recipient.toLowerCase() }, refunds[1]!],
        },
      ],
    };
    expect(relayOrderId(lower)).toBe(relayOrderId(SETTLEMENT_VECTOR));
  });

  it('refuses an address it cannot read', () => {
    const bad = {
      ...SETTLEMENT_VECTOR,
      output: {
        ...SETTLEMENT_VECTOR.output,
        payments: [{ ...SETTLEMENT_VECTOR.output.payments[0]!, recipient: 'bc1qnotanaddress' }],
      },
    };
    expect(() => relayOrderId(bad)).toThrow(/not an EVM or Solana address/);
  });
});

describe('relayOrderSigner', () => {
  it('recovers the key that signed the id, and nothing from a malformed signature', async () => {
    const solver = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    const id = relayOrderId(SETTLEMENT_VECTOR);
    const signature = await solver.sign({ hash: id });
    expect(relayOrderSigner(id, signature)).toBe(solver.address);
    expect(relayOrderSigner(id, '0x1234')).toBeUndefined();
  });
});
