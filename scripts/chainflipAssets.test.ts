import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAINFLIP_ASSETS, CHAINFLIP_ASSETS_COMMIT } from '../src/contracts/chainflipAssets';
import {
  chainflipAssetRows,
  DEFAULT_CHAINFLIP_GIT_DIR,
  readChainflipSources,
  renderChainflipModule,
  rowsOfChainflip,
} from './chainflipAssets';

/** assets.rs and berghain.rs cut down to one of each case, in chainflip-backend's own layout. */
const assetsRs = `macro_rules! assets { () => {} }
assets!(
	Chain {
		variant: Ethereum,
		assets: [
			Asset { variant: Eth, json: "ETH", gas: true, index: 1, decimals: 18, },
			Asset { variant: Flip, json: "FLIP", gas: false, index: 2, decimals: 18, },
			Asset { variant: Usdc, json: "USDC", gas: false, index: 3, decimals: 6, },
		],
	},
	Chain {
		variant: Polkadot,
		assets: [ Asset { variant: Dot, json: "DOT", gas: true, index: 4, }, ],
	},
	Chain {
		variant: Solana,
		assets: [
			Asset { variant: Sol, json: "SOL", gas: true, index: 9, },
			Asset { variant: SolUsdc, json: "USDC", gas: false, index: 10, },
		],
	},
);`;
const chainSpecRs = `
	flip_token_address: hex_literal::hex!("826180541412D574cf1336d22c0C0a287822678A"),
	eth_usdc_address: hex_literal::hex!("a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
	eth_vault_address: hex_literal::hex!("F5e10380213880111522dd0efD3dbb45b9f62Bcc"),
	sol_usdc_token_mint_pubkey: SolAddress(bs58_array(
		"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
	)),`;

describe('chainflipAssetRows', () => {
  it('names each asset’s chain and token: native coins, checksummed ERC-20s, Solana mints; none off LI.FI’s chains', () => {
    expect(chainflipAssetRows({ assetsRs, chainSpecRs })).toEqual([
      { assetId: 1, chain: 'Ethereum', symbol: 'ETH', chainId: 1, token: '0x0000000000000000000000000000000000000000' },
      {
        assetId: 2,
        chain: 'Ethereum',
        symbol: 'FLIP',
        chainId: 1,
        token: '0x826180541412D574cf1336d22c0C0a287822678A',
      },
      {
        assetId: 3,
        chain: 'Ethereum',
        symbol: 'USDC',
        chainId: 1,
        token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      },
      { assetId: 4, chain: 'Polkadot', symbol: 'DOT' },
      {
        assetId: 9,
        chain: 'Solana',
        symbol: 'SOL',
        chainId: 1151111081099710,
        token: '11111111111111111111111111111111',
      },
      {
        assetId: 10,
        chain: 'Solana',
        symbol: 'USDC',
        chainId: 1151111081099710,
        token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      },
    ]);
  });

  it('refuses a source that gives one id to two assets', () => {
    const twice = assetsRs.replace('index: 3,', 'index: 2,');
    expect(() => chainflipAssetRows({ assetsRs: twice, chainSpecRs })).toThrow('asset id 2 is claimed twice');
  });
});

describe('the committed table (src/contracts/chainflipAssets.ts)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../src/contracts/chainflipAssets.ts'), 'utf8');

  it('is the script’s output for its own rows: nothing edited by hand', () => {
    expect(renderChainflipModule(rowsOfChainflip(CHAINFLIP_ASSETS), CHAINFLIP_ASSETS_COMMIT)).toBe(committed);
  });

  it('holds the assets LI.FI’s routes name', () => {
    expect(CHAINFLIP_ASSETS[3]?.token).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(CHAINFLIP_ASSETS[7]).toMatchObject({ chainId: 42161, token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' });
    expect(CHAINFLIP_ASSETS[10]?.token).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    // Bitcoin: a chain LI.FI sends to, with no token to compare.
    expect(CHAINFLIP_ASSETS[5]).toEqual({ chain: 'Bitcoin', symbol: 'BTC', chainId: 20000000000001 });
  });

  // The mirror of chainflip-backend exists where the table is regenerated; elsewhere (CI) the tests above hold.
  it.skipIf(!existsSync(DEFAULT_CHAINFLIP_GIT_DIR))('is what the script reads from the mirror at that commit', () => {
    const rows = chainflipAssetRows(readChainflipSources(DEFAULT_CHAINFLIP_GIT_DIR, CHAINFLIP_ASSETS_COMMIT));
    expect(rowsOfChainflip(CHAINFLIP_ASSETS)).toEqual(rows);
  });
});
