import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  CATALOG_EXPLORER_SCRIPT_ID,
  explorerPermissionOrigins,
  requestExplorerPermissions,
  syncExplorerRegistrations,
} from './registration';
import { DETECTOR_SCRIPT_FILE } from './scriptFiles';
import { testChain } from './testChains';

type Registered = { id: string; js?: string[]; matches?: string[]; runAt?: string; persistAcrossSessions?: boolean };

/**
 * WXT's fake browser does not implement `scripting` or `permissions`; this is a small in-memory stand-in with
 * Chrome's semantics (register fails on a duplicate id, update needs an existing one).
 */
function installFakeRegistry(granted: Set<string>) {
  const registry = new Map<string, Registered>();
  const calls: string[] = [];
  Object.assign(fakeBrowser.permissions, {
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => granted.has(o)),
    request: async ({ origins = [] }: { origins?: string[] }) => {
      calls.push(`request ${origins.join(' ')}`);
      for (const o of origins) granted.add(o);
      return true;
    },
  });
  Object.assign(fakeBrowser.scripting, {
    getRegisteredContentScripts: async ({ ids }: { ids: string[] }) =>
      ids.flatMap((id) => (registry.has(id) ? [registry.get(id)!] : [])),
    registerContentScripts: async (scripts: Registered[]) => {
      for (const s of scripts) {
        if (registry.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
        registry.set(s.id, s);
        calls.push(`register ${s.matches?.join(' ')}`);
      }
    },
    updateContentScripts: async (scripts: Registered[]) => {
      for (const s of scripts) {
        if (!registry.has(s.id)) throw new Error(`Nonexistent script ID '${s.id}'`);
        registry.set(s.id, { ...registry.get(s.id)!, ...s });
        calls.push(`update ${s.matches?.join(' ')}`);
      }
    },
    unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
      for (const id of ids) registry.delete(id);
      calls.push(`unregister ${ids.join(' ')}`);
    },
  });
  return { registry, calls };
}

const devnet = [
  testChain(1, 'Ethereum', ['http://127.0.0.1:8787/explorer/1/']),
  testChain(10, 'OP Mainnet', ['http://127.0.0.1:8787/explorer/10/']),
];
const mixed = [
  testChain(1, 'Ethereum', ['https://etherscan.io']),
  testChain(324, 'zkSync', ['https://explorer.zksync.io/']),
  testChain(100, 'Gnosis', ['https://gnosis.blockscout.com', 'https://gnosisscan.io']),
];

describe('explorer registration', () => {
  beforeEach(() => fakeBrowser.reset());

  it('asks only for hosts the static matches do not cover, without ports', () => {
    expect(explorerPermissionOrigins(mixed)).toEqual(['https://explorer.zksync.io/*']);
    expect(explorerPermissionOrigins(devnet)).toEqual(['http://127.0.0.1/*']);
  });

  it('registers the detector for the permitted catalog explorers, scoped to their path prefixes', async () => {
    const { registry } = installFakeRegistry(new Set(['http://127.0.0.1/*']));
    const matches = await syncExplorerRegistrations([...devnet, ...mixed]);
    expect(matches).toEqual(['http://127.0.0.1/explorer/1/*', 'http://127.0.0.1/explorer/10/*']);
    expect(registry.get(CATALOG_EXPLORER_SCRIPT_ID)).toMatchObject({ js: ['explorer-detector.js'], matches });
    expect(DETECTOR_SCRIPT_FILE).toBe('explorer-detector.js');
  });

  it('moves a registration of an older version from the card bundle to the detector', async () => {
    const { registry, calls } = installFakeRegistry(new Set(['http://127.0.0.1/*']));
    const matches = ['http://127.0.0.1/explorer/1/*', 'http://127.0.0.1/explorer/10/*'];
    registry.set(CATALOG_EXPLORER_SCRIPT_ID, {
      id: CATALOG_EXPLORER_SCRIPT_ID,
      js: ['content-scripts/explorer.js'],
      matches,
    });
    await syncExplorerRegistrations(devnet);
    expect(registry.get(CATALOG_EXPLORER_SCRIPT_ID)?.js).toEqual([DETECTOR_SCRIPT_FILE]);
    expect(calls).toEqual([`update ${matches.join(' ')}`]);
  });

  it('updates when chains or permissions change, leaves an unchanged registration alone and removes it at the end', async () => {
    const granted = new Set(['http://127.0.0.1/*']);
    const { registry, calls } = installFakeRegistry(granted);
    await syncExplorerRegistrations(devnet);
    await syncExplorerRegistrations(devnet);
    expect(await requestExplorerPermissions(mixed)).toBe(true);
    await syncExplorerRegistrations([...devnet, ...mixed]);
    expect(registry.get(CATALOG_EXPLORER_SCRIPT_ID)?.matches).toContain('https://explorer.zksync.io/*');
    await syncExplorerRegistrations([]);
    expect(registry.size).toBe(0);
    expect(calls).toEqual([
      'register http://127.0.0.1/explorer/1/* http://127.0.0.1/explorer/10/*',
      'request https://explorer.zksync.io/*',
      'update http://127.0.0.1/explorer/1/* http://127.0.0.1/explorer/10/* https://explorer.zksync.io/*',
      `unregister ${CATALOG_EXPLORER_SCRIPT_ID}`,
    ]);
  });

  it('registers nothing without permission and does not prompt when nothing is needed', async () => {
    const { registry, calls } = installFakeRegistry(new Set());
    expect(await syncExplorerRegistrations(mixed)).toEqual([]);
    expect(registry.size).toBe(0);
    expect(await requestExplorerPermissions([testChain(1, 'Ethereum', ['https://etherscan.io'])])).toBe(true);
    expect(calls).toEqual([]);
  });
});
