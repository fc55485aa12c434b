import { describe, expect, it } from 'vitest';
import { LIFI_DIAMOND_CHAIN_IDS } from '../contracts/lifiDiamond';
import { isAcceptableRpcUrl, PINNED_RPC_URLS, SOLANA_CHAIN_ID, trustedRpcUrl } from './trustedRpc';

describe('trustedRpcUrl', () => {
  it('prefers the person’s override for that chain', () => {
    expect(trustedRpcUrl(1, { '1': 'http://127.0.0.1:9000' }, true)).toBe('http://127.0.0.1:9000');
  });

  it('ignores an override it would not trust (plain http off loopback, credentials)', () => {
    expect(trustedRpcUrl(1, { '1': 'http://rpc.example.org' }, true)).toBe(PINNED_RPC_URLS[1]);
    expect(trustedRpcUrl(1, { '1': 'https://user:pw@rpc.example.org' }, true)).toBe(PINNED_RPC_URLS[1]);
  });

  it('uses the devnet’s loopback ports in development builds and the pinned ones in store builds', () => {
    expect(trustedRpcUrl(42161, {}, false)).toBe('http://127.0.0.1:8546');
    expect(trustedRpcUrl(42161, {}, true)).toBe('https://arb1.arbitrum.io/rpc');
  });

  it('pins a Solana JSON-RPC beside the EVM ones, overridable the same way', () => {
    expect(trustedRpcUrl(SOLANA_CHAIN_ID, {}, true)).toBe('https://api.mainnet-beta.solana.com');
    expect(trustedRpcUrl(SOLANA_CHAIN_ID, {}, false)).toBe('http://127.0.0.1:8549');
    expect(trustedRpcUrl(SOLANA_CHAIN_ID, { [String(SOLANA_CHAIN_ID)]: 'https://sol.example.org' }, true)).toBe(
      'https://sol.example.org',
    );
  });

  it('trusts no RPC for a chain it does not know', () => {
    expect(trustedRpcUrl(999_999, {}, true)).toBeUndefined();
  });

  it('accepts https and loopback http only', () => {
    expect(isAcceptableRpcUrl('https://rpc.example.org/v1')).toBe(true);
    expect(isAcceptableRpcUrl('http://localhost:8545')).toBe(true);
    expect(isAcceptableRpcUrl('http://10.0.0.2:8545')).toBe(false);
    expect(isAcceptableRpcUrl('javascript:alert(1)')).toBe(false);
    expect(isAcceptableRpcUrl('not a url')).toBe(false);
  });

  it('pins an https RPC on every chain with a pinned LI.FI diamond but the three left to the person', () => {
    const unpinned = LIFI_DIAMOND_CHAIN_IDS.filter((chainId) => PINNED_RPC_URLS[chainId] === undefined);
    expect(unpinned).toEqual([50, 999, 1625]);
    for (const url of Object.values(PINNED_RPC_URLS)) expect(url).toMatch(/^https:\/\//);
    expect(trustedRpcUrl(1625, {}, true)).toBeUndefined();
    expect(trustedRpcUrl(1625, { '1625': 'https://rpc.gravity.example' }, true)).toBe('https://rpc.gravity.example');
  });
});
