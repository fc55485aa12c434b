import { describe, expect, it } from 'vitest';
import type { FeeCost } from '../schemas/route';
import { feeShares, storedFeeShares } from './feeShares';

const USDC = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  chainId: 1,
  symbol: 'USDC',
  decimals: 6,
  name: 'USDC',
};

/** LI.FI's fee item of 0.3 USDC ($0.30): 0.25 to LI.FI, 0.05 to the integrator "jumper". */
const lifiFee = (): FeeCost =>
  ({
    name: 'LIFI Fixed Fee',
    percentage: '0.003',
    token: USDC,
    amount: '300000',
    amountUSD: '0.30',
    included: true,
    feeSplit: {
      lifiFee: '250000',
      integratorFee: '50000',
      recipients: [
        { name: 'lifi', type: 'LIFI' },
        { name: 'jumper', type: 'INTEGRATOR' },
      ],
    },
  }) as unknown as FeeCost;

describe('feeShares', () => {
  it('splits an item by LI.FI’s feeSplit, each share’s USD in proportion, parties taking nothing left out', () => {
    const shares = feeShares(lifiFee());
    expect(shares.map((s) => [s.party, s.name, s.amount])).toEqual([
      ['lifi', 'LI.FI', 250_000n],
      ['integrator', 'jumper', 50_000n],
    ]);
    expect(shares[0]!.usd).toBeCloseTo(0.25);
  });

  it('gives an item without a split to its tool, valued at the token’s price when the item has no USD', () => {
    const relay = { name: 'Relay fee', token: { ...USDC, priceUSD: '1' }, amount: '120000', included: true } as FeeCost;
    expect(feeShares(relay)).toEqual([
      { party: 'tool', name: 'Relay fee', token: relay.token, amount: 120_000n, usd: 0.12 },
    ]);
  });

  it('keeps shares as a record stores them: base units as text, USD to the cent', () => {
    expect(storedFeeShares([lifiFee()])).toEqual([
      { party: 'lifi', name: 'LI.FI', amount: '250000', symbol: 'USDC', decimals: 6, token: USDC.address, usd: '0.25' },
      {
        party: 'integrator',
        name: 'jumper',
        amount: '50000',
        symbol: 'USDC',
        decimals: 6,
        token: USDC.address,
        usd: '0.05',
      },
    ]);
    expect(storedFeeShares(undefined)).toEqual([]);
  });
});
