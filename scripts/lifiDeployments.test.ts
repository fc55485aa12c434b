import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIFI_DEPLOYMENTS, LIFI_DEPLOYMENTS_COMMIT } from '../src/contracts/lifiDeployments';
import {
  DEFAULT_CONTRACTS_GIT_DIR,
  type DeploymentSources,
  deploymentRows,
  readSources,
  renderDeploymentsModule,
  rowsOf,
} from './lifiDeployments';

const DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const PROXY = '0x89c6340B1a1f4b25D36cd8B063D49045caF3f818';
const GAS_ZIP_PERIPHERY = '0x363d698649cd04f9692Ab86e8365b227c1ee859d';
const GAS_ZIP_ROUTER = '0x2a37D63EAdFe4b4682a3c28C1c2cD4F109Cc2762';

/** A few networks shaped as lifinance/contracts writes them, one of each case the script must handle. */
const fixture: DeploymentSources = {
  networks: {
    mainnet: { chainId: 1, type: 'mainnet', status: 'active' },
    zksync: { chainId: 324, type: 'mainnet', status: 'active' },
    basesepolia: { chainId: 84532, type: 'testnet', status: 'active' },
    localanvil: { chainId: 31337, type: 'testnet', status: 'inactive' },
    tron: { chainId: 728126428, type: 'mainnet', status: 'active' },
    fresh: { chainId: 777, type: 'mainnet', status: 'active' },
    noproxy: { chainId: 888, type: 'mainnet', status: 'active' },
    gas: { chainId: 999, type: 'mainnet', status: 'active' },
  },
  permit2ByNetwork: { mainnet: PERMIT2, zksync: '0x0000000000225e31d15943971f47ad3022f714fa', noproxy: PERMIT2 },
  // A router for a network without the periphery (noproxy) is not pinned: nothing there sends gas to it.
  gasZipRouterByNetwork: { gas: GAS_ZIP_ROUTER.toLowerCase(), noproxy: GAS_ZIP_ROUTER },
  deployments: {
    // Lower-case in the source: the table holds checksummed addresses.
    mainnet: { LiFiDiamond: DIAMOND.toLowerCase(), Permit2Proxy: PROXY, AcrossFacetV4: PROXY },
    zksync: {
      LiFiDiamond: '0x341e94069f53234fE6DabeF707aD424830525715',
      Permit2Proxy: '0x2ec2c4C3dc212C990d1bc2b48b0392A3951D926E',
    },
    basesepolia: { LiFiDiamond: DIAMOND, Permit2Proxy: PROXY },
    tron: { LiFiDiamond: 'TU3ymitEKCWQFtASkEeHaPb8NfZcJtCHLt' },
    noproxy: { LiFiDiamond: DIAMOND },
    gas: { LiFiDiamond: DIAMOND, GasZipPeriphery: GAS_ZIP_PERIPHERY },
  },
};

describe('deploymentRows', () => {
  it('keeps active mainnet EVM networks with a diamond, checksummed, by chain ID', () => {
    expect(deploymentRows(fixture)).toEqual([
      { chainId: 1, network: 'mainnet', diamond: DIAMOND, permit2: PERMIT2, permit2Proxy: PROXY },
      {
        chainId: 324,
        network: 'zksync',
        diamond: '0x341e94069f53234fE6DabeF707aD424830525715',
        permit2: '0x0000000000225e31D15943971F47aD3022F714Fa',
        permit2Proxy: '0x2ec2c4C3dc212C990d1bc2b48b0392A3951D926E',
      },
      // No Permit2Proxy deployed: neither address is pinned (Permit2 is only reached through the proxy).
      { chainId: 888, network: 'noproxy', diamond: DIAMOND },
      // Gas.zip's router beside the periphery that deposits in it.
      {
        chainId: 999,
        network: 'gas',
        diamond: DIAMOND,
        gasZipPeriphery: GAS_ZIP_PERIPHERY,
        gasZipRouter: GAS_ZIP_ROUTER,
      },
    ]);
  });

  it('renders rows into a module that reads back to the same rows', () => {
    const rows = deploymentRows(fixture);
    const text = renderDeploymentsModule(rows, 'abc');
    expect(text).toContain("export const LIFI_DEPLOYMENTS_COMMIT = 'abc';");
    expect(text).toContain(`  888: {\n    network: 'noproxy',\n    diamond: '${DIAMOND}',\n  },`);
  });
});

describe('the committed table (src/contracts/lifiDeployments.ts)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../src/contracts/lifiDeployments.ts'), 'utf8');

  it('is the script’s output for its own rows: nothing edited by hand', () => {
    expect(renderDeploymentsModule(rowsOf(LIFI_DEPLOYMENTS), LIFI_DEPLOYMENTS_COMMIT)).toBe(committed);
  });

  it('pins the diamonds LI.FI publishes, including the chains where it lives at another address', () => {
    expect(LIFI_DEPLOYMENTS[1]?.diamond).toBe(DIAMOND);
    expect(LIFI_DEPLOYMENTS[324]?.diamond).toBe('0x341e94069f53234fE6DabeF707aD424830525715');
    expect(LIFI_DEPLOYMENTS[59144]?.diamond).toBe('0xDE1E598b81620773454588B85D6b5D4eEC32573e');
    expect(LIFI_DEPLOYMENTS[42161]?.gasZipRouter).toBe(GAS_ZIP_ROUTER);
    // Testnets and Tron are not in it.
    expect(LIFI_DEPLOYMENTS[84532]).toBeUndefined();
    expect(LIFI_DEPLOYMENTS[728126428]).toBeUndefined();
  });

  // The mirror of lifinance/contracts exists where the table is regenerated; elsewhere (CI) the test above holds.
  it.skipIf(!existsSync(DEFAULT_CONTRACTS_GIT_DIR))('is what the script reads from the mirror at that commit', () => {
    const rows = deploymentRows(readSources(DEFAULT_CONTRACTS_GIT_DIR, LIFI_DEPLOYMENTS_COMMIT));
    expect(rowsOf(LIFI_DEPLOYMENTS)).toEqual(rows);
  });
});
