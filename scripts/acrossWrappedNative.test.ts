import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVNET_CHAIN_IDS } from '../server/devnet/devnet';
import { acrossDeliveredToken, acrossNamedToken } from '../src/contracts/acrossSpokePool';
import { ACROSS_CONSTANTS_SOURCE, ACROSS_WRAPPED_NATIVE_TOKENS } from '../src/contracts/acrossWrappedNative';
import {
  type AcrossConstants,
  acrossConstantsFrom,
  readAcrossConstantsPackage,
  renderWrappedNativeModule,
  wrappedNativeRows,
} from './acrossWrappedNative';

const LINEA_WETH = '0xe5D7C2a44FfDDf6b295A15c148167daaAf5Cf34f';
const NATIVE = '0x0000000000000000000000000000000000000000';

/** A few entries shaped as across-protocol/contracts writes generated/constants.json, one of each case. */
const fixture: AcrossConstants = {
  CHAIN_IDs: { MAINNET: 1, LINEA: 59144, SEPOLIA: 11155111, SOLANA: 34268394551451, TRON: 728126428 },
  TESTNET_CHAIN_IDs: { SEPOLIA: 11155111 },
  WRAPPED_NATIVE_TOKENS: {
    '1': '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    '59144': LINEA_WETH,
    '11155111': '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14',
    '34268394551451': 'So11111111111111111111111111111111111111112',
    '728126428': 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR',
    // A chain Across names no ID for: not a mainnet it publishes.
    '4242': '0x4200000000000000000000000000000000000006',
  },
};

describe('wrappedNativeRows', () => {
  it('keeps mainnet EVM chains, checksummed, by chain ID; testnets and non-EVM tokens are left out', () => {
    expect(wrappedNativeRows(fixture)).toEqual([
      [1, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
      [59144, LINEA_WETH],
    ]);
  });

  it('renders rows into a module naming its source', () => {
    const text = renderWrappedNativeModule(wrappedNativeRows(fixture), 'abc');
    expect(text).toContain("export const ACROSS_CONSTANTS_SOURCE = 'abc';");
    expect(text).toContain(`  59144: '${LINEA_WETH}',\n};`);
  });
});

describe("acrossConstantsFrom: Across' own rule over @across-protocol/constants", () => {
  it('takes each public network’s W<native> token on that chain, and leaves out a chain it lists none for', () => {
    const constants = acrossConstantsFrom({
      CHAIN_IDs: { MAINNET: 1, POLYGON: 137, NEWCHAIN: 9999 },
      TESTNET_CHAIN_IDs: {},
      PUBLIC_NETWORKS: { '1': { nativeToken: 'ETH' }, '137': { nativeToken: 'POL' }, '9999': { nativeToken: 'ETH' } },
      TOKEN_SYMBOLS_MAP: {
        // The unwrapped coin's own entry is never the answer.
        ETH: { addresses: { '1': '0x0000000000000000000000000000000000000001' } },
        WETH: {
          addresses: {
            '1': '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
            '137': '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619',
          },
        },
        WPOL: { addresses: { '137': '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270' } },
      },
    });
    expect(constants.WRAPPED_NATIVE_TOKENS).toEqual({
      '1': '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      '137': '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
    });
  });
});

describe('the committed table (src/contracts/acrossWrappedNative.ts)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../src/contracts/acrossWrappedNative.ts'), 'utf8');
  const rows = Object.entries(ACROSS_WRAPPED_NATIVE_TOKENS).map(([id, token]) => [Number(id), token] as const);

  it('is the script’s output for its own rows: nothing edited by hand', () => {
    expect(renderWrappedNativeModule(rows, ACROSS_CONSTANTS_SOURCE)).toBe(committed);
  });

  it('is what the script reads from the pinned @across-protocol/constants', () => {
    const { source, pkg } = readAcrossConstantsPackage();
    expect(source).toBe(ACROSS_CONSTANTS_SOURCE);
    expect(rows).toEqual(wrappedNativeRows(acrossConstantsFrom(pkg)));
  });

  it('names Robinhood’s (4663) WETH, which an honest li.quest answer fills to ETH there', () => {
    expect(acrossDeliveredToken(4663, '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73')).toBe(NATIVE);
  });

  it('reads Linea’s WETH, which Across names for ETH → ETH to Linea, as the ETH that arrives', () => {
    expect(acrossDeliveredToken(59144, LINEA_WETH)).toBe(NATIVE);
    expect(acrossNamedToken(59144, NATIVE)).toBe(LINEA_WETH);
    // Another chain's WETH address on Linea is a token like any other.
    expect(acrossDeliveredToken(59144, '0x4200000000000000000000000000000000000006')).toBe(
      '0x4200000000000000000000000000000000000006',
    );
  });

  it('is what the devnet’s Across pool (contracts/LiFiDiamondDev.sol) unwraps on each devnet chain', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../contracts/LiFiDiamondDev.sol'), 'utf8');
    const body = source.slice(source.indexOf('function _acrossWrappedNative'));
    const table = body.slice(0, body.indexOf('return address(0);'));
    for (const chainId of DEVNET_CHAIN_IDS) {
      const line = table.split('\n').find((l) => new RegExp(`chainId == ${chainId}\\b`).test(l));
      expect(line, `devnet chain ${chainId}`).toBeDefined();
      expect(line!.match(/0x[0-9a-fA-F]{40}/)?.[0]).toBe(ACROSS_WRAPPED_NATIVE_TOKENS[chainId]);
    }
  });
});
