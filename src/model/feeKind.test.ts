import { describe, expect, it } from 'vitest';
import { feeKind, isIntegratorFeeName, isLifiFeeName } from './feeKind';

/** Names and descriptions as li.quest sends them (testing/lifi/real/), and as the devnet's LI.FI twin names its own. */
describe('feeKind', () => {
  it('classifies the fee names li.quest sends by what they pay for', () => {
    // Across (quote-acrossv4-eth-1-to-eth-4663.json).
    expect(feeKind('Relayer fee', 'The fee taken by the relayer', 'AcrossV4')).toBe('relayer');
    expect(feeKind('Relayer gas fee', 'The gas fee taken by the relayer', 'AcrossV4')).toBe('destinationGas');
    // Celer's CCTP: its name says nothing, its description says destination gas.
    const celer = 'Transaction Fee is used to cover the gas cost for sending your transfer on the destination chain.';
    expect(feeKind('Transaction Fee', celer, 'CCTP + Celer (Standard)')).toBe('destinationGas');
    // A Solana aggregator's swap.
    expect(feeKind('DFlow Liquidity Fee', 'The cost of fees and slippage from liquidity providers', 'DFlow')).toBe(
      'liquidity',
    );
  });

  it('classifies the twin’s names: an exchange’s LP fee, a bridge’s fee named after it', () => {
    expect(feeKind('Uniswap LP fee', 'Liquidity provider fee, taken from the input', 'Uniswap')).toBe('liquidity');
    expect(feeKind('Across fee', 'Bridge relayer and protocol fee', 'Across')).toBe('own');
    expect(feeKind('Stargate fee', undefined, 'StargateV2')).toBe('own');
    expect(feeKind('Relay fee', undefined, 'Relay')).toBe('own');
    expect(feeKind('Bridge fee', undefined, 'Stargate')).toBe('own');
  });

  it('leaves a name that says nothing we can classify unclassified, to be shown quoted', () => {
    expect(feeKind('Transaction Fee', undefined, 'CCTP + Celer (Standard)')).toBeUndefined();
    expect(feeKind('Boost fee', undefined, 'Squid')).toBeUndefined();
    expect(feeKind('Across fee', undefined, 'Stargate')).toBeUndefined();
    expect(feeKind('Native fee', undefined, undefined)).toBeUndefined();
  });

  it('knows LI.FI’s and the integrator’s items by name, for items without LI.FI’s feeSplit', () => {
    expect(isLifiFeeName('LIFI Fixed Fee')).toBe(true);
    expect(isLifiFeeName('LI.FI fee')).toBe(true);
    expect(isLifiFeeName('Lifinity LP fee')).toBe(false);
    expect(isIntegratorFeeName('Integrator Fee')).toBe(true);
    expect(isIntegratorFeeName('Integrator Fee of Jumper')).toBe(false);
  });
});
