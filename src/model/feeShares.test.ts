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
      { party: 'tool', name: 'Relay fee', kind: 'relayer', token: relay.token, amount: 120_000n, usd: 0.12 },
    ]);
  });

  it('gives an item without a split to LI.FI or the integrator where its name says so, as li.quest names them', () => {
    const { feeSplit: _, ...unsplit } = lifiFee();
    expect(feeShares(unsplit).map((s) => [s.party, s.name, s.amount])).toEqual([['lifi', 'LI.FI', 300_000n]]);
    const integrator = { ...unsplit, name: 'Integrator Fee' };
    expect(feeShares(integrator).map((s) => [s.party, s.name])).toEqual([['integrator', '—']]);
  });

  it('keeps what a tool’s item pays for where only its description tells (Celer’s "Transaction Fee")', () => {
    const celer = {
      name: 'Transaction Fee',
      description: 'Transaction Fee is used to cover the gas cost for sending your transfer on the destination chain.',
      token: USDC,
      amount: '500000',
      included: true,
    } as FeeCost;
    expect(storedFeeShares([celer])).toEqual([
      {
        party: 'tool',
        name: 'Transaction Fee',
        kind: 'destinationGas',
        amount: '500000',
        symbol: 'USDC',
        decimals: 6,
        token: USDC.address,
      },
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
