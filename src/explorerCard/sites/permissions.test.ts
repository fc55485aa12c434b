import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { testChain } from '../../../testing/testChains';
import { explorerPermissionOrigins, missingExplorerPermissions, requestExplorerPermissions } from './permissions';

/** WXT's fake browser does not implement `permissions`: a stand-in with Chrome's semantics for origin patterns. */
function installFakePermissions(granted: Set<string>) {
  const requests: string[][] = [];
  Object.assign(fakeBrowser.permissions, {
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => granted.has(o)),
    request: async ({ origins = [] }: { origins?: string[] }) => {
      requests.push(origins);
      for (const o of origins) granted.add(o);
      return true;
    },
  });
  return requests;
}

const devnet = [
  testChain(1, 'Ethereum', ['http://127.0.0.1:8787/explorer/1/']),
  testChain(10, 'OP Mainnet', ['http://127.0.0.1:8787/explorer/10/']),
];
const mixed = [
  testChain(1, 'Ethereum', ['https://etherscan.io']),
  testChain(324, 'zkSync', ['https://explorer.zksync.io/']),
  testChain(100, 'Gnosis', ['https://gnosis.blockscout.com', 'https://gnosisscan.io']),
  testChain(59144, 'Linea', ['https://www.lineascan.build/', 'https://explorer.linea.build:8443/']),
];

describe('explorer permissions', () => {
  beforeEach(() => fakeBrowser.reset());

  it('names only hosts the manifest does not grant, once each, without ports or www', () => {
    expect(explorerPermissionOrigins(mixed)).toEqual([
      'https://explorer.linea.build/*',
      'https://explorer.zksync.io/*',
    ]);
    expect(explorerPermissionOrigins(devnet)).toEqual(['http://127.0.0.1/*']);
    expect(explorerPermissionOrigins([testChain(1, 'Ethereum', ['https://etherscan.io', 'ftp://x', 'nope'])])).toEqual(
      [],
    );
    const solana = { ...testChain(1151111081099710, 'Solana', ['https://solscan.io']), chainType: 'SVM' as const };
    expect(explorerPermissionOrigins([solana])).toEqual([]);
  });

  it('reports what is still missing and asks for the catalog hosts in one prompt', async () => {
    const requests = installFakePermissions(new Set(['https://explorer.zksync.io/*']));
    expect(await missingExplorerPermissions(mixed)).toEqual(['https://explorer.linea.build/*']);
    expect(await requestExplorerPermissions(mixed)).toBe(true);
    expect(requests).toEqual([['https://explorer.linea.build/*', 'https://explorer.zksync.io/*']]);
    expect(await missingExplorerPermissions(mixed)).toEqual([]);
  });

  it('does not prompt when every explorer is a well-known one', async () => {
    const requests = installFakePermissions(new Set());
    expect(await requestExplorerPermissions([testChain(1, 'Ethereum', ['https://etherscan.io'])])).toBe(true);
    expect(await missingExplorerPermissions([testChain(1, 'Ethereum', ['https://etherscan.io'])])).toEqual([]);
    expect(requests).toEqual([]);
  });
});
