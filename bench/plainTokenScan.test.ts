import { describe, expect, it } from 'vitest';
import type { Token } from '../src/schemas/catalog';
import { plainTokenScan } from './plainTokenScan';

const token = (chainId: string, symbol: string, name: string, address: string): Token => ({
  chainId,
  symbol,
  name,
  address,
  decimals: 18,
});
const TOKENS = {
  '1': [token('1', 'USDC', 'USD Coin', '0xA0b8'), token('1', 'WETH', 'Wrapped Ether', '0xC02a')],
  '10': [token('10', 'USDC', 'USD Coin', '0x0b2C'), token('10', 'OP', 'Optimism', '0x4200')],
};

describe('the plain token scan (the token search bench baseline)', () => {
  it('keeps the tokens whose symbol or name contains the query, any case, or whose address it is', () => {
    expect(plainTokenScan(TOKENS, ' usd ', { limit: 50 }).map((t) => `${t.chainId}:${t.symbol}`)).toEqual([
      '1:USDC',
      '10:USDC',
    ]);
    expect(plainTokenScan(TOKENS, 'ether', { limit: 50 }).map((t) => t.symbol)).toEqual(['WETH']);
    expect(plainTokenScan(TOKENS, '0x4200', { limit: 50 }).map((t) => t.symbol)).toEqual(['OP']);
    expect(plainTokenScan(TOKENS, 'zzz', { limit: 50 })).toEqual([]);
  });

  it('keeps to the chain asked for and stops at the limit', () => {
    expect(plainTokenScan(TOKENS, 'usdc', { chainId: 10, limit: 50 }).map((t) => t.address)).toEqual(['0x0b2C']);
    expect(plainTokenScan(TOKENS, '', { limit: 3 })).toHaveLength(3);
  });
});
