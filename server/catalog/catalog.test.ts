import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { catalogTextIsAscii } from './ascii';
import { catalogWithChain, getCatalog, LARGE_TOKENS_PER_CHAIN } from './catalog';
import { CHAIN_DEFINITIONS } from './chainData';
import { TOKEN_DEFINITIONS } from './tokenData';

const NATIVE = '0x0000000000000000000000000000000000000000';

describe('catalog', () => {
  it('lists the real chains with their real IDs and keys', () => {
    const ids = CHAIN_DEFINITIONS.map((c) => `${c.id}:${c.key}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        '1:eth',
        '10:opt',
        '56:bsc',
        '137:pol',
        '8453:bas',
        '42161:arb',
        '43114:ava',
        '1151111081099710:sol',
      ]),
    );
  });

  it('spells every EVM token address with its EIP-55 checksum (a typo in a digit breaks the checksum)', () => {
    for (const [chainId, tokens] of Object.entries(TOKEN_DEFINITIONS)) {
      if (Number(chainId) === 1151111081099710) continue;
      for (const token of tokens)
        expect(getAddress(token.address.toLowerCase()), `${chainId} ${token.symbol}`).toBe(token.address);
    }
  });

  it('has at least five tokens per EVM chain, with coinKey and price, and the native coin at the zero address', () => {
    const catalog = getCatalog('default');
    for (const chain of catalog.chains) {
      const tokens = catalog.tokensByChain.get(chain.id) ?? [];
      expect(tokens.length).toBeGreaterThanOrEqual(5);
      expect(catalog.nativeToken(chain.id)?.symbol).toBe(chain.coin);
      for (const token of tokens) {
        expect(Number(token.priceUSD)).toBeGreaterThan(0);
        expect(token.coinKey).toBeTruthy();
      }
    }
  });

  it('uses the USDC addresses of the domain facts', () => {
    const catalog = getCatalog('default');
    expect(catalog.findToken(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')?.symbol).toBe('USDC');
    expect(catalog.findToken(56, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d')?.decimals).toBe(18);
    expect(catalog.bridgeAsset(137, 'ETH')?.symbol).toBe('WETH');
    expect(catalog.bridgeAsset(42161, 'ETH')?.address).toBe('0x0000000000000000000000000000000000000000');
  });

  it('builds a deterministic large catalog of more than 20,000 tokens', () => {
    const large = getCatalog('large');
    expect(large.tokenCount).toBeGreaterThanOrEqual(20_000);
    const again = large.tokensByChain.get(10)?.at(-1);
    expect(again?.symbol).toBe(`SYN${LARGE_TOKENS_PER_CHAIN - 1}`);
    expect(again?.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('knows whether its text is ASCII (the routes answer is then sent by length, without re-encoding)', () => {
    expect(getCatalog('default').asciiText).toBe(true);
    expect(getCatalog('large').asciiText).toBe(true);
    const token = getCatalog('default').tokensByChain.get(1)![0]!;
    const tool = getCatalog('default').bridges[0]!;
    expect(catalogTextIsAscii([token], [tool])).toBe(true);
    expect(catalogTextIsAscii([{ ...token, name: 'Tether USD₮' }], [tool])).toBe(false);
    expect(catalogTextIsAscii([token], [{ ...tool, assets: ['USDC', 'USD₮0'] }])).toBe(false);
  });

  it('adds one chain for a test, reached by the tools named, and leaves the shared catalog as it was', () => {
    const base = getCatalog('default');
    const ethereum = base.getChain(1)!;
    const chain = { ...ethereum, id: 1625, key: 'gra', name: 'Gravity', coin: 'G' };
    const usdc = { symbol: 'USDC.e', name: 'Bridged USDC', address: '0xFbDa5F676cB37624f28265A144A48B0d6e87d3b6' };
    const catalog = catalogWithChain({
      chain,
      tokens: [
        { symbol: 'G', name: 'Gravity', address: NATIVE, decimals: 18, coinKey: 'G', priceUSD: 0.01 },
        { ...usdc, decimals: 6, coinKey: 'USDC', priceUSD: 1 },
      ],
      tools: ['across', 'uniswap'],
    });
    expect(catalog.getChain(1625)?.name).toBe('Gravity');
    expect(catalog.nativeToken(1625)?.symbol).toBe('G');
    expect(catalog.bridgeAsset(1625, 'USDC')?.symbol).toBe('USDC.e');
    expect(catalog.getBridge('across')?.supportedChains).toContain(1625);
    expect(catalog.getExchange('uniswap')?.supportedChains).toContain(1625);
    expect(catalog.getBridge('stargate')?.supportedChains).not.toContain(1625);
    expect(catalog.tokensByChain.get(1)).toEqual(base.tokensByChain.get(1));
    expect(base.getChain(1625)).toBeUndefined();
    expect(base.getBridge('across')?.supportedChains).not.toContain(1625);
  });
});
