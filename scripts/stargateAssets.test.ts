import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STARGATE_ASSET_TOKENS, STARGATE_DEFINITIONS_SOURCE } from '../src/contracts/stargateAssets';
import {
  readStargateDefinitions,
  renderStargateAssetsModule,
  type StargateDefinitions,
  stargateAssetRows,
} from './stargateAssets';

const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

/** One of each case, shaped as @stargatefinance/stg-definitions-v2 exports `ASSETS`. */
const definitions: StargateDefinitions = {
  ASSETS: {
    ETH: {
      assetId: 13,
      networks: {
        '30110': { type: 'Native' },
        '30145': { type: 'Pool', address: '0x6a023ccd1ff6f2045c3309768ead9e68f978f6e1' },
        // An OFT the definitions give no address for names no token to compare: left out.
        '30150': { type: 'OFT' },
      },
    },
    USDC: {
      assetId: 1,
      networks: {
        '30110': { type: 'Pool', address: USDC_ARBITRUM.toLowerCase() },
        // An endpoint the guard maps to no chain is refused anyway: left out.
        '39999': { type: 'Pool', address: USDC_ARBITRUM },
      },
    },
  },
};

describe('stargateAssetRows', () => {
  it('names the coin as the zero address, a pool’s or an OFT’s token checksummed, by ascending ids', () => {
    expect(stargateAssetRows(definitions, { 30110: 42161, 30145: 100, 30150: 8217 })).toEqual([
      [1, [[30110, USDC_ARBITRUM]]],
      [
        13,
        [
          [30110, '0x0000000000000000000000000000000000000000'],
          [30145, '0x6A023CCd1ff6F2045C3309768eAd9E68F978f6e1'],
        ],
      ],
    ]);
  });
});

describe('the committed table (src/contracts/stargateAssets.ts)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../src/contracts/stargateAssets.ts'), 'utf8');
  const rows = Object.entries(STARGATE_ASSET_TOKENS).map(
    ([assetId, tokens]) =>
      [Number(assetId), Object.entries(tokens).map(([eid, t]) => [Number(eid), t] as const)] as const,
  );

  it('is the script’s output for its own rows: nothing edited by hand', () => {
    expect(renderStargateAssetsModule(rows, STARGATE_DEFINITIONS_SOURCE)).toBe(committed);
  });

  it('is what the script reads from the pinned @stargatefinance/stg-definitions-v2', () => {
    const { source, definitions: published } = readStargateDefinitions();
    expect(source).toBe(STARGATE_DEFINITIONS_SOURCE);
    expect(rows).toEqual(stargateAssetRows(published));
  });

  it('pays USDC on Arbitrum as Arbitrum’s native USDC, and ETH on Base as ETH', () => {
    expect(STARGATE_ASSET_TOKENS[1]?.[30110]).toBe(USDC_ARBITRUM);
    expect(STARGATE_ASSET_TOKENS[13]?.[30184]).toBe('0x0000000000000000000000000000000000000000');
  });
});
