import { describe, expect, it } from 'vitest';
import { makeTokens } from '../../../testing/background/fixtures';
import type { Token } from '../../schemas/catalog';
import { NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import { buildTokenIndex } from './tokenIndex';

const t = (chainId: string, symbol: string, name: string, address: string, coinKey?: string): Token => ({
  chainId,
  symbol,
  name,
  address,
  decimals: 18,
  ...(coinKey ? { coinKey } : {}),
});
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

const index = buildTokenIndex({
  '1': [
    t('1', 'ETH', 'Ether', NATIVE_TOKEN_ADDRESS, 'ETH'),
    t('1', 'USDC', 'USD Coin', addr(1), 'USDC'),
    t('1', 'USDCX', 'Fake USDC', addr(2)),
    t('1', 'XUSDC', 'Wrapped thing', addr(3)),
    t('1', 'USDT', 'Tether USD', addr(4), 'USDT'),
    t('1', 'ABC', 'Usdc Lookalike', addr(5)),
  ],
  '42161': [t('42161', 'USDC', 'USD Coin', addr(11), 'USDC'), t('42161', 'ETH', 'Ether', NATIVE_TOKEN_ADDRESS, 'ETH')],
});
const symbols = (tokens: Token[]) => tokens.map((x) => `${x.symbol}@${x.chainId}`);

describe('token index', () => {
  it('ranks exact symbol, then prefix, then name word, then substring', () => {
    expect(symbols(index.search('usdc'))).toEqual(['USDC@1', 'USDC@42161', 'USDCX@1', 'ABC@1', 'XUSDC@1']);
  });

  it('puts popular tokens first inside a tier', () => {
    expect(symbols(index.search('us')).slice(0, 3)).toEqual(['USDC@1', 'USDC@42161', 'USDT@1']);
    expect(symbols(index.search('')).slice(0, 2)).toEqual(['ETH@1', 'ETH@42161']);
  });

  it('finds by exact address in any case, and by coinKey', () => {
    expect(symbols(index.search(addr(11).toUpperCase().replace('0X', '0x')))).toEqual(['USDC@42161']);
    expect(symbols(index.search('usdt'))).toEqual(['USDT@1']);
  });

  it('filters by chain and limits', () => {
    expect(symbols(index.search('usdc', { chainId: 42161 }))).toEqual(['USDC@42161']);
    expect(index.search('usdc', { limit: 2 })).toHaveLength(2);
  });

  it('gets one token by chain and address', () => {
    expect(index.get(1, addr(4).toUpperCase().replace('0X', '0x'))?.symbol).toBe('USDT');
    expect(index.get(10, addr(4))).toBeUndefined();
  });

  it('indexes and searches a production-size list (20,000 tokens)', () => {
    const big = buildTokenIndex(makeTokens(20_000));
    expect(big.size).toBe(20_000);
    const usdc = big.search('usdc', { limit: 5 });
    expect(usdc.every((x) => x.symbol === 'USDC')).toBe(true);
    const pepe = big.search('pepe3', { limit: 3 }).map((x) => x.symbol);
    expect(pepe[0]).toBe('PEPE3');
    expect(pepe.slice(1).every((s) => s.startsWith('PEPE3'))).toBe(true);
    expect(big.search('finance', { limit: 50 })).toHaveLength(50);
  });
});
