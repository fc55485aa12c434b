import { describe, expect, it } from 'vitest';
import { changeLabels, simulatedChangeLines } from './simulatedChanges';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const NATIVE = '0x0000000000000000000000000000000000000000' as const;
const labels = changeLabels({ address: USDC, symbol: 'USDC', decimals: 6 }, { symbol: 'ETH', decimals: 18 });

describe('simulatedChangeLines', () => {
  it('says what leaves first, then what comes back, then gas', () => {
    expect(
      simulatedChangeLines(
        [
          { token: NATIVE, amount: '500000000000000000' },
          { token: USDC.toLowerCase() as `0x${string}`, amount: '-100000000' },
        ],
        labels,
        '$0.12',
      ),
    ).toEqual(['−100 USDC', '+0.5 ETH', 'plus gas (about $0.12)']);
  });

  it('names a token the review does not know by its address, and leaves out what nets to nothing', () => {
    expect(
      simulatedChangeLines(
        [
          { token: '0x000000000000000000000000000000000000dEaD', amount: '-7' },
          { token: USDC, amount: '0' },
        ],
        labels,
      ),
    ).toEqual(['−7 of token 0x0000…dEaD', 'plus gas']);
  });
});
