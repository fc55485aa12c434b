import { describe, expect, it } from 'vitest';
import { makeRoute, USDC_1 } from '../../testing/popup/fixtures';
import type { FeeCost, Route } from '../schemas/route';
import { feePartyRows, hasFeeSplit } from './feeParties';

const USDC = { address: USDC_1, chainId: '1', symbol: 'USDC', decimals: 6, priceUSD: '1' };
const ETH = {
  address: '0x0000000000000000000000000000000000000000',
  chainId: '1',
  symbol: 'ETH',
  decimals: 18,
  name: 'Ether',
};
const ARB_ETH = { ...ETH, chainId: '42161' };
const names: Record<string, string> = { '1': 'Ethereum', '42161': 'Arbitrum' };
const chainName = (id: string) => names[id] ?? id;

function withFees(feeCosts: FeeCost[], gasCosts: NonNullable<Route['estimate']['gasCosts']> = []): Route {
  const route = makeRoute({ tool: 'across' });
  return {
    ...route,
    toolDetails: { key: 'across', name: 'Across' },
    estimate: { ...route.estimate, feeCosts, gasCosts },
  };
}

/** LI.FI's fee item with its split, as li.quest itemises it beside the bridge's own. */
const lifiItem = (split: NonNullable<FeeCost['feeSplit']>, amount: string): FeeCost => ({
  name: 'LIFI Fixed Fee',
  token: USDC,
  amount,
  amountUSD: String(Number(amount) / 1e6),
  included: true,
  feeSplit: split,
});

describe('feePartyRows', () => {
  it('shows LI.FI, the integrator and the bridge apart, and the gas on each chain', () => {
    const route = withFees(
      [
        lifiItem(
          {
            lifiFee: '2500',
            integratorFee: '7500',
            recipients: [
              { name: 'lifi', fee: '2500', type: 'SHARED' },
              { name: 'bridge-companion', fee: '7500', type: 'SHARED' },
            ],
          },
          '10000',
        ),
        { name: 'Across fee', token: USDC, amount: '400000', amountUSD: '0.40', included: true },
      ],
      [
        { type: 'SEND', amount: '100000000000000', amountUSD: '0.30', token: ETH },
        { type: 'SEND', amount: '20000000000000', amountUSD: '0.06', token: ARB_ETH },
      ],
    );
    expect(hasFeeSplit(route)).toBe(true);
    expect(feePartyRows(route, chainName)).toEqual([
      { kind: 'lifi', label: 'LI.FI (routing service)', amount: '0.0025 USDC', usd: 0.0025 },
      { kind: 'integrator', label: 'bridge-companion (integrator)', amount: '0.0075 USDC', usd: 0.0075 },
      { kind: 'tool', label: "Across's own fee", amount: '0.4 USDC', usd: 0.4 },
      { kind: 'gas', label: 'Gas on Ethereum', amount: '0.0001 ETH', usd: 0.3 },
      { kind: 'gas', label: 'Gas on Arbitrum', amount: '0.00002 ETH', usd: 0.06 },
    ]);
  });

  it('adds up one party’s slices over the steps, leaves out a party that takes nothing, keeps what the split leaves', () => {
    const lifiOnly = { lifiFee: '1000', integratorFee: '0' };
    const route = withFees([lifiItem(lifiOnly, '1000'), lifiItem(lifiOnly, '1000'), lifiItem(lifiOnly, '3000')]);
    expect(feePartyRows(route, chainName)).toEqual([
      { kind: 'lifi', label: 'LI.FI (routing service)', amount: '0.003 USDC', usd: 0.003 },
      // What LI.FI's split leaves of its item: the service's own word, quoted, beside the route's tool.
      { kind: 'tool', label: "Across's fee, called “LIFI Fixed Fee” by the service", amount: '0.002 USDC', usd: 0.002 },
    ]);
  });

  it('names an intermediary LI.FI’s split names, and knows no split where the service gives none (the spec’s)', () => {
    const split = {
      lifiFee: '1000',
      integratorFee: '0',
      intermediaryFee: '500',
      recipients: [{ name: 'mesh', fee: '500', type: 'INTERMEDIARY' }],
    };
    expect(feePartyRows(withFees([lifiItem(split, '1500')]), chainName)[1]).toEqual({
      kind: 'intermediary',
      label: 'mesh (intermediary)',
      amount: '0.0005 USDC',
      usd: 0.0005,
    });
    expect(hasFeeSplit(makeRoute())).toBe(false);
  });
});
