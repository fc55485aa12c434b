import { describe, expect, it } from 'vitest';
import { testChain } from '../../../testing/testChains';
import { catalogExplorerSites, explorerSitesForChains } from './catalogExplorers';
import { KNOWN_EXPLORERS } from './knownExplorers';
import { matchExplorerUrl } from './matchExplorerUrl';
import { looksLikeTokenPath, parseTokenPath } from './tokenPath';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const usdc = USDC.toLowerCase();

const chains = [
  testChain(1, 'Ethereum', ['https://etherscan.io', 'http://127.0.0.1:8787/explorer/1/']),
  testChain(10, 'Optimism', ['https://optimistic.etherscan.io/', 'http://127.0.0.1:8787/explorer/10']),
  testChain(56, 'BNB Chain', ['https://bscscan.com']),
  testChain(137, 'Polygon', ['https://polygonscan.com/']),
  testChain(8453, 'Base', ['https://basescan.org']),
  testChain(42161, 'Arbitrum', ['https://arbiscan.io']),
  testChain(43114, 'Avalanche', ['https://snowtrace.io']),
  testChain(100, 'Gnosis', ['https://gnosis.blockscout.com']),
  testChain(324, 'zkSync', ['https://explorer.zksync.io/']),
];
const sites = explorerSitesForChains(chains);
const match = (url: string) => matchExplorerUrl(url, sites);

describe('matchExplorerUrl: Etherscan family', () => {
  it.each([
    ['https://etherscan.io', 1],
    ['https://optimistic.etherscan.io', 10],
    ['https://bscscan.com', 56],
    ['https://polygonscan.com', 137],
    ['https://basescan.org', 8453],
    ['https://arbiscan.io', 42161],
    ['https://snowtrace.io', 43114],
  ])('%s/token/0x… is chain %i', (origin, chainId) => {
    expect(match(`${origin}/token/${USDC}`)).toMatchObject({ chainId, kind: 'token', address: usdc });
    expect(match(`${origin}/address/${USDC}`)).toMatchObject({ chainId, kind: 'address', address: usdc });
  });

  it('accepts the www. host, trailing slash, query and hash of the same page', () => {
    expect(match(`https://www.etherscan.io/token/${USDC}`)?.chainId).toBe(1);
    expect(match(`https://etherscan.io/token/${USDC}/`)?.chainId).toBe(1);
    expect(match(`https://etherscan.io/token/${USDC}?a=0x0000000000000000000000000000000000000001`)?.address).toBe(
      usdc,
    );
    expect(match(`https://etherscan.io/token/${USDC}#balances`)?.address).toBe(usdc);
    expect(match(`HTTPS://ETHERSCAN.IO/token/${USDC}`)?.chainId).toBe(1);
  });

  it('reads upper- and lower-case addresses alike', () => {
    expect(match(`https://etherscan.io/token/${usdc}`)?.address).toBe(usdc);
    expect(match(`https://etherscan.io/token/0x${usdc.slice(2).toUpperCase()}`)?.address).toBe(usdc);
    expect(match(`https://etherscan.io/TOKEN/${USDC}`)?.kind).toBe('token');
  });
});

describe('matchExplorerUrl: Blockscout and catalog explorers', () => {
  it('matches Blockscout token and address pages', () => {
    expect(match(`https://gnosis.blockscout.com/token/${USDC}`)).toMatchObject({ chainId: 100, kind: 'token' });
    expect(match(`https://gnosis.blockscout.com/address/${USDC}?tab=contract`)).toMatchObject({ kind: 'address' });
  });

  it('matches a catalog explorer that is not on the well-known list', () => {
    expect(match(`https://explorer.zksync.io/address/${USDC}`)).toMatchObject({ chainId: 324, kind: 'address' });
  });

  it('matches per-chain path prefixes on one host, at a segment boundary', () => {
    expect(match(`http://127.0.0.1:8787/explorer/1/token/${USDC}`)?.chainId).toBe(1);
    expect(match(`http://127.0.0.1:8787/explorer/10/token/${USDC}`)?.chainId).toBe(10);
    expect(match(`http://127.0.0.1:8787/explorer/100/token/${USDC}`)).toBeNull();
    expect(match(`http://127.0.0.1:8787/token/${USDC}`)).toBeNull();
    expect(match(`http://127.0.0.1:9999/explorer/1/token/${USDC}`)).toBeNull();
  });

  it('ignores well-known explorers of chains the catalog does not have', () => {
    expect(match(`https://lineascan.build/token/${USDC}`)).toBeNull();
    expect(match(`https://scrollscan.com/token/${USDC}`)).toBeNull();
    expect(match(`https://eth.blockscout.com/token/${USDC}`)?.chainId).toBe(1);
  });
});

describe('matchExplorerUrl: pages that are not token pages', () => {
  it.each([
    'https://etherscan.io/',
    'https://etherscan.io/tokens',
    'https://etherscan.io/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
    'https://etherscan.io/block/19000000',
    `https://etherscan.io/token/${USDC}/holders/extra`,
    `https://etherscan.io/token/${USDC.slice(0, 41)}`,
    `https://etherscan.io/token/${USDC}ff`,
    `https://etherscan.io/tokenholdings/${USDC}`,
    `https://etherscan.io/search?q=/token/${USDC}`,
    'not a url',
    `ftp://etherscan.io/token/${USDC}`,
  ])('%s', (url) => {
    expect(match(url)).toBeNull();
  });

  it.each([
    `https://etherscan.io.evil.com/token/${USDC}`,
    `https://evil-etherscan.io/token/${USDC}`,
    `https://etherscan.io.evil.com/address/${USDC}`,
    `http://etherscan.io/token/${USDC}`,
    `https://etherscan.io:8443/token/${USDC}`,
    `https://user:pass@etherscan.io/token/${USDC}`,
    `https://evil.com/etherscan.io/token/${USDC}`,
    `https://arbiscan.io.attacker.net/token/${USDC}`,
  ])('lookalike %s does not match', (url) => {
    expect(match(url)).toBeNull();
  });
});

describe('tokenPath', () => {
  it('parses only whole token and address paths', () => {
    expect(parseTokenPath(`/token/${USDC}`)).toEqual({ kind: 'token', address: usdc });
    expect(parseTokenPath(`/address/${USDC}/`)).toEqual({ kind: 'address', address: usdc });
    expect(parseTokenPath(`/tx/${USDC}`)).toBeNull();
    expect(parseTokenPath(`/x/token/${USDC}`)).toBeNull();
  });

  it('pre-checks paths cheaply with any prefix', () => {
    expect(looksLikeTokenPath(`/token/${USDC}`)).toBe(true);
    expect(looksLikeTokenPath(`/explorer/1/address/${USDC}`)).toBe(true);
    expect(looksLikeTokenPath('/')).toBe(false);
    expect(looksLikeTokenPath('/tokens')).toBe(false);
    expect(looksLikeTokenPath(`/token/${USDC}/holders`)).toBe(false);
  });
});

describe('catalogExplorerSites', () => {
  it('keeps http(s) explorer URLs with their path prefix and drops the rest', () => {
    const out = catalogExplorerSites([
      testChain(1, 'One', ['https://www.etherscan.io/', 'javascript:alert(1)', 'nonsense', 'https://u:p@x.io']),
      testChain(2, 'Two', ['http://127.0.0.1:8787/explorer/2/']),
    ]);
    expect(out).toEqual([
      { chainId: 1, family: 'etherscan', origin: 'https://etherscan.io', pathPrefix: '' },
      { chainId: 2, family: 'generic', origin: 'http://127.0.0.1:8787', pathPrefix: '/explorer/2' },
    ]);
  });

  it('lists each well-known explorer once per chain', () => {
    const keys = KNOWN_EXPLORERS.map((s) => `${s.chainId} ${s.origin}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(sites.filter((s) => s.origin === 'https://etherscan.io')).toHaveLength(1);
  });
});
