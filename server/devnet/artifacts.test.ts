import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AbiEvent, type AbiFunction, type AbiItem, parseAbi, toEventSelector, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, artifactJson, artifactModule, compileContracts } from '../../scripts/compile-contracts';
import { lifiBridgeEventsAbi } from '../../src/contracts/lifi/bridgeData';
import { celerCircleBridgeFacetAbi } from '../../src/contracts/lifi/celerCircle';
import { chainflipFacetAbi } from '../../src/contracts/lifi/chainflip';
import { deBridgeDlnFacetAbi } from '../../src/contracts/lifi/deBridgeDln';
import { gasZipFacetAbi } from '../../src/contracts/lifi/gasZip';
import { gasZipPeripheryAbi, gasZipPeripheryOn } from '../../src/contracts/lifi/gasZipPeriphery';
import { glacisFacetAbi } from '../../src/contracts/lifi/glacis';
import { mayanFacetAbi } from '../../src/contracts/lifi/mayan';
import { nearIntentsFacetAbi } from '../../src/contracts/lifi/nearIntents';
import { relayDepositoryFacetAbi } from '../../src/contracts/lifi/relayDepository';
import { stargateFacetV2Abi } from '../../src/contracts/lifi/stargateV2';
import { symbiosisFacetAbi } from '../../src/contracts/lifi/symbiosis';
import { lifiDiamondAbi, lifiEventsAbi } from '../../src/contracts/lifiDiamond';
import { routerAbi } from '../../src/contracts/router';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';
import { ensUniversalResolverDevAbi } from './artifacts/EnsUniversalResolverDev';
import { liFiDiamondDevAbi } from './artifacts/LiFiDiamondDev';
import { DEV_FACETS, GAS_ZIP_PERIPHERY } from './lifiFacets';

/** Canonical form of an ABI entry: solc adds internalType and `anonymous: false` and orders keys its own way. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, inner]) => key !== 'internalType' && !(key === 'anonymous' && inner === false))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

const signature = (entry: AbiItem) =>
  entry.type === 'event'
    ? toEventSelector(entry as AbiEvent)
    : entry.type === 'function'
      ? toFunctionSelector(entry as AbiFunction)
      : '';
const key = (entry: AbiItem) =>
  `${entry.type}:${signature(entry)}:${'stateMutability' in entry ? entry.stateMutability : ''}`;

describe('contract artifacts', () => {
  it('recompiling the sources gives exactly the committed artifacts', () => {
    const artifacts = compileContracts();
    expect(artifacts.map((artifact) => artifact.contractName).sort()).toEqual(
      [
        'ArbitrumGatewayRouterDev',
        'BridgeRouter',
        'DevToken',
        'DlnSourceDev',
        'EnsRegistryDev',
        'EnsResolverDev',
        'EnsUniversalResolverDev',
        'GasZipPeripheryDev',
        'LiFiDiamondDev',
        'Multicall3Dev',
        ...DEV_FACETS.map((facet) => `${facet.name.replace('NEARIntents', 'NearIntents')}Dev`),
      ].sort(),
    );
    for (const artifact of artifacts) {
      expect(readFileSync(join(ARTIFACTS_DIR, `${artifact.contractName}.json`), 'utf8')).toBe(artifactJson(artifact));
      expect(readFileSync(join(ARTIFACTS_DIR, `${artifact.contractName}.ts`), 'utf8')).toBe(artifactModule(artifact));
    }
    // solc's WebAssembly build compiles the seventeen contracts in ~10 s on a quiet machine, several times that under load.
  }, 180_000);

  it("the devnet's Universal Resolver answers the call and errors viem's getEnsAddress reads", () => {
    const viemReads = parseAbi([
      'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
      'error ResolverNotFound(bytes name)',
      'error ResolverNotContract(bytes name, address resolver)',
      'error UnsupportedResolverProfile(bytes4 selector)',
      'error ResolverError(bytes errorData)',
    ]);
    const compiled = new Set(
      (ensUniversalResolverDevAbi as readonly AbiItem[]).map((entry) =>
        entry.type === 'error' ? `error:${toFunctionSelector(entry as unknown as AbiFunction)}` : key(entry),
      ),
    );
    for (const entry of viemReads as readonly AbiItem[]) {
      expect(compiled).toContain(
        entry.type === 'error' ? `error:${toFunctionSelector(entry as unknown as AbiFunction)}` : key(entry),
      );
    }
  });

  it('the compiled router implements every entry of src/contracts/router.ts', () => {
    const compiled = new Set(bridgeRouterAbi.map((entry) => JSON.stringify(canonical(entry))));
    const missing = routerAbi.filter((entry) => !compiled.has(JSON.stringify(canonical(entry))));
    expect(missing).toEqual([]);
  });

  it('the devnet diamond has the selectors and payability of the real facets and events (src/contracts/lifiDiamond.ts)', () => {
    const compiled = new Set((liFiDiamondDevAbi as readonly AbiItem[]).map(key));
    const wanted = ([...lifiDiamondAbi, ...lifiEventsAbi] as readonly AbiItem[]).filter(
      (entry) => entry.type === 'function' || entry.type === 'event',
    );
    expect(wanted.length).toBe(11);
    expect(wanted.filter((entry) => !compiled.has(key(entry))).map((entry) => 'name' in entry && entry.name)).toEqual(
      [],
    );
  });

  /** The extension's ABI of each facet (src/contracts/lifi/, written from lifinance/contracts) by devnet facet. */
  const EXTENSION_ABIS: Record<string, readonly AbiItem[]> = {
    RelayDepositoryFacet: relayDepositoryFacetAbi,
    StargateFacetV2: stargateFacetV2Abi,
    MayanFacet: mayanFacetAbi,
    DeBridgeDlnFacet: deBridgeDlnFacetAbi,
    CelerCircleBridgeFacet: celerCircleBridgeFacetAbi,
    GasZipFacet: gasZipFacetAbi,
    GlacisFacet: glacisFacetAbi,
    NEARIntentsFacet: nearIntentsFacetAbi,
    ChainflipFacet: chainflipFacetAbi,
    SymbiosisFacet: symbiosisFacetAbi,
  };

  for (const facet of DEV_FACETS) {
    const wanted = EXTENSION_ABIS[facet.name];
    if (!wanted) continue;
    it(`the devnet's ${facet.name} has the real facet's functions, payability and events`, () => {
      const compiled = new Set((facet.abi as readonly AbiItem[]).map(key));
      const expected = [...wanted, ...lifiBridgeEventsAbi].filter(
        (entry) =>
          entry.type === 'function' ||
          // Each facet emits LiFiTransferStarted, and the non-EVM events where it reaches a non-EVM chain.
          (entry.type === 'event' && (entry.name === 'LiFiTransferStarted' || wanted.includes(entry))),
      );
      expect(expected.filter((entry) => entry.type === 'function').length).toBe(2);
      expect(
        expected.filter((entry) => !compiled.has(key(entry))).map((entry) => 'name' in entry && entry.name),
      ).toEqual([]);
    });
  }

  it('the devnet’s GasZipPeriphery has the real one’s functions and payability, at its address on the four chains', () => {
    const compiled = new Set((GAS_ZIP_PERIPHERY.abi as readonly AbiItem[]).map(key));
    const wanted = (gasZipPeripheryAbi as readonly AbiItem[]).filter((entry) => entry.type === 'function');
    expect(wanted.length).toBe(2);
    expect(wanted.filter((entry) => !compiled.has(key(entry))).map((entry) => 'name' in entry && entry.name)).toEqual(
      [],
    );
    for (const chainId of [1, 10, 8453, 42161]) expect(gasZipPeripheryOn(chainId)).toBe(GAS_ZIP_PERIPHERY.address);
  });
});
