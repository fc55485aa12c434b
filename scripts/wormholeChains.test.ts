import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORMHOLE_CHAINS, WORMHOLE_CHAINS_COMMIT } from '../src/contracts/wormholeChains';
import {
  DEFAULT_WORMHOLE_GIT_DIR,
  readWormholeSources,
  renderWormholeModule,
  rowsOfWormhole,
  wormholeChainRows,
} from './wormholeChains';

/** wormhole-sdk-ts's three constant files cut down to one of each case, in the SDK's own layout. */
const sources = {
  chainsTs: `const chainIdAndChainEntries = [
  [    1, "Solana"         ],
  [    2, "Ethereum"       ],
  [   21, "Sui"            ],
  [   23, "Arbitrum"       ],
  [   65000, "HyperCore"   ],
] as const satisfies MapLevel<number, string>;`,
  nativeChainIdsTs: `const chainNetworkNativeChainIdEntries = [
  [
    "Mainnet",
    [
      ["Solana",      "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d"],
      ["Sui",         "35834a8a"],
      ["Arbitrum",    42161n],
      ["Ethereum",    1n],
      ["HyperCore",   65000n],
    ]],
  [
    "Testnet",
    [
      ["Ethereum",    5n],
    ]],
];`,
  platformsTs: `const platformAndChainsEntries = [[
  "Evm", [
    "Arbitrum",
    "Ethereum",
    "HyperCore", // not an actual EVM platform; treating as EVM
  ]], [
  "Solana", [
    "Solana",
  ]]];`,
};

describe('wormholeChainRows', () => {
  it('keeps EVM mainnets by their chain ID and Solana by LI.FI’s, nothing else', () => {
    expect(wormholeChainRows(sources)).toEqual([
      { wormholeChainId: 1, chain: 'Solana', chainId: 1151111081099710 },
      { wormholeChainId: 2, chain: 'Ethereum', chainId: 1 },
      { wormholeChainId: 23, chain: 'Arbitrum', chainId: 42161 },
    ]);
  });
});

describe('the committed table (src/contracts/wormholeChains.ts)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../src/contracts/wormholeChains.ts'), 'utf8');

  it('is the script’s output for its own rows: nothing edited by hand', () => {
    expect(renderWormholeModule(rowsOfWormhole(WORMHOLE_CHAINS), WORMHOLE_CHAINS_COMMIT)).toBe(committed);
  });

  it('holds the chains the devnet’s Mayan orders go to', () => {
    expect(WORMHOLE_CHAINS[2]?.chainId).toBe(1);
    expect(WORMHOLE_CHAINS[23]?.chainId).toBe(42161);
    expect(WORMHOLE_CHAINS[24]?.chainId).toBe(10);
    expect(WORMHOLE_CHAINS[30]?.chainId).toBe(8453);
    expect(WORMHOLE_CHAINS[1]?.chainId).toBe(1151111081099710);
  });

  // The mirror of wormhole-sdk-ts exists where the table is regenerated; elsewhere (CI) the tests above hold.
  it.skipIf(!existsSync(DEFAULT_WORMHOLE_GIT_DIR))('is what the script reads from the mirror at that commit', () => {
    const rows = wormholeChainRows(readWormholeSources(DEFAULT_WORMHOLE_GIT_DIR, WORMHOLE_CHAINS_COMMIT));
    expect(rowsOfWormhole(WORMHOLE_CHAINS)).toEqual(rows);
  });
});
