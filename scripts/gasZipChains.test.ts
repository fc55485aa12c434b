import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAS_ZIP_CHAINS, GAS_ZIP_CHAINS_COMMIT } from '../src/contracts/gasZipChains';
import {
  type GasZipSources,
  gasZipChainRows,
  readGasZipSources,
  renderGasZipModule,
  rowsOfGasZip,
} from './gasZipChains';
import { DEFAULT_CONTRACTS_GIT_DIR } from './lifiDeployments';

/** Networks shaped as lifinance/contracts writes them, one of each case the script must handle. */
const fixture: GasZipSources = {
  networks: {
    mainnet: { chainId: 1, gasZipChainId: 255, type: 'mainnet', status: 'active' },
    polygon: { chainId: 137, gasZipChainId: 17, type: 'mainnet', status: 'active' },
    // 0: Gas.zip pays nothing there.
    lens: { chainId: 232, gasZipChainId: 0, type: 'mainnet', status: 'active' },
    sepolia: { chainId: 11155111, gasZipChainId: 1001, type: 'testnet', status: 'active' },
    old: { chainId: 777, gasZipChainId: 77, type: 'mainnet', status: 'inactive' },
    noid: { chainId: 888, type: 'mainnet', status: 'active' },
  },
};

describe('gasZipChainRows', () => {
  it('keeps active mainnets with a Gas.zip id, by that id', () => {
    expect(gasZipChainRows(fixture)).toEqual([
      { gasZipChainId: 17, chainId: 137, network: 'polygon' },
      { gasZipChainId: 255, chainId: 1, network: 'mainnet' },
    ]);
  });

  it('refuses a source that gives one id to two chains', () => {
    const twice = { networks: { ...fixture.networks, other: { ...fixture.networks.polygon, chainId: 9 } } };
    expect(() => gasZipChainRows(twice)).toThrow('Gas.zip id 17 is both polygon and other');
  });
});

describe('the committed table (src/contracts/gasZipChains.ts)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../src/contracts/gasZipChains.ts'), 'utf8');

  it('is the script’s output for its own rows: nothing edited by hand', () => {
    expect(renderGasZipModule(rowsOfGasZip(GAS_ZIP_CHAINS), GAS_ZIP_CHAINS_COMMIT)).toBe(committed);
  });

  it('holds the ids of the chains the devnet runs, as Gas.zip publishes them', () => {
    expect(GAS_ZIP_CHAINS[255]?.chainId).toBe(1);
    expect(GAS_ZIP_CHAINS[55]?.chainId).toBe(10);
    expect(GAS_ZIP_CHAINS[54]?.chainId).toBe(8453);
    expect(GAS_ZIP_CHAINS[57]?.chainId).toBe(42161);
  });

  // The mirror of lifinance/contracts exists where the table is regenerated; elsewhere (CI) the tests above hold.
  it.skipIf(!existsSync(DEFAULT_CONTRACTS_GIT_DIR))('is what the script reads from the mirror at that commit', () => {
    const rows = gasZipChainRows(readGasZipSources(DEFAULT_CONTRACTS_GIT_DIR, GAS_ZIP_CHAINS_COMMIT));
    expect(rowsOfGasZip(GAS_ZIP_CHAINS)).toEqual(rows);
  });
});
