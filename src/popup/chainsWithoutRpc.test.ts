import { describe, expect, it } from 'vitest';
import { CHAINS } from '../../testing/popup/fixtures';
import type { Chain } from '../schemas/catalog';
import { chainsWithoutRpc } from './chainsWithoutRpc';

const GRAVITY: Chain = { ...CHAINS[0]!, id: 1625, key: 'gra', name: 'Gravity' };
const SOLANA: Chain = { ...CHAINS[0]!, id: 1151111081099710, key: 'sol', name: 'Solana', chainType: 'SOLANA' };

describe('chainsWithoutRpc', () => {
  it('names the EVM chains of a transfer with neither a pinned RPC nor the person’s, source first', () => {
    const chains = [...CHAINS, GRAVITY, SOLANA];
    expect(chainsWithoutRpc([1625, 1], chains, {}, true).map((c) => c.id)).toEqual([1625]);
    expect(chainsWithoutRpc([1, 1625], chains, { '1625': 'https://rpc.gravity.example' }, true)).toEqual([]);
    // Solana's RPC is pinned and read as Solana; a chain missing from the listing is not asked about.
    expect(chainsWithoutRpc([SOLANA.id, 424242], chains, {}, true)).toEqual([]);
  });
});
