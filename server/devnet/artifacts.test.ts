import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AbiEvent, type AbiFunction, type AbiItem, toEventSelector, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, artifactJson, artifactModule, compileContracts } from '../../scripts/compile-contracts';
import { lifiDiamondAbi, lifiEventsAbi } from '../../src/contracts/lifiDiamond';
import { routerAbi } from '../../src/contracts/router';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';
import { liFiDiamondDevAbi } from './artifacts/LiFiDiamondDev';

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

describe('contract artifacts', () => {
  it('recompiling the sources gives exactly the committed artifacts', () => {
    const artifacts = compileContracts();
    expect(artifacts.map((artifact) => artifact.contractName).sort()).toEqual([
      'BridgeRouter',
      'DevToken',
      'LiFiDiamondDev',
      'Multicall3Dev',
    ]);
    for (const artifact of artifacts) {
      expect(readFileSync(join(ARTIFACTS_DIR, `${artifact.contractName}.json`), 'utf8')).toBe(artifactJson(artifact));
      expect(readFileSync(join(ARTIFACTS_DIR, `${artifact.contractName}.ts`), 'utf8')).toBe(artifactModule(artifact));
    }
    // solc's WebAssembly build compiles four contracts in ~10 s on a quiet machine, several times that under load.
  }, 120_000);

  it('the compiled router implements every entry of src/contracts/router.ts', () => {
    const compiled = new Set(bridgeRouterAbi.map((entry) => JSON.stringify(canonical(entry))));
    const missing = routerAbi.filter((entry) => !compiled.has(JSON.stringify(canonical(entry))));
    expect(missing).toEqual([]);
  });

  it('the devnet diamond has the selectors and payability of the real facets and events (src/contracts/lifiDiamond.ts)', () => {
    const signature = (entry: AbiItem) =>
      entry.type === 'event'
        ? toEventSelector(entry as AbiEvent)
        : entry.type === 'function'
          ? toFunctionSelector(entry as AbiFunction)
          : '';
    const key = (entry: AbiItem) =>
      `${entry.type}:${signature(entry)}:${'stateMutability' in entry ? entry.stateMutability : ''}`;
    const compiled = new Set((liFiDiamondDevAbi as readonly AbiItem[]).map(key));
    const wanted = ([...lifiDiamondAbi, ...lifiEventsAbi] as readonly AbiItem[]).filter(
      (entry) => entry.type === 'function' || entry.type === 'event',
    );
    expect(wanted.length).toBe(11);
    expect(wanted.filter((entry) => !compiled.has(key(entry))).map((entry) => 'name' in entry && entry.name)).toEqual(
      [],
    );
  });
});
