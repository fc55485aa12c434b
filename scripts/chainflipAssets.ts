import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getAddress } from 'viem';
import { headCommit } from './lifiDeployments';

/**
 * Regenerates src/contracts/chainflipAssets.ts, Chainflip's asset ids (ChainflipFacet's `dstToken`) with the chain
 * and token each names, from a git copy of chainflip-io/chainflip-backend (read-only, with `git show`):
 *
 *   npx tsx scripts/chainflipAssets.ts [path/to/chainflip-backend.git]   (default: the mirror in /work/.mirror)
 *
 * What it reads, at the copy's HEAD:
 * - state-chain/primitives/src/chains/assets.rs: the `assets!` table, each chain's assets with their `index` (the
 *   id a vault swap names), `json` symbol and whether it is the chain's `gas` coin;
 * - state-chain/node/src/chain_spec/berghain.rs (Chainflip's mainnet): each token's address, named
 *   `<chain>_<symbol>[_token]_address` (Ethereum, Arbitrum) or `sol_<symbol>_token_mint_pubkey` (Solana), and FLIP's
 *   `flip_token_address`.
 * A gas coin is the chain's native coin: the zero address on EVM chains, the system program on Solana. Chains LI.FI's
 * ChainflipFacet cannot send to have no chain ID; assets of Bitcoin name no token the extension can compare.
 */

export const DEFAULT_CHAINFLIP_GIT_DIR = '/work/.mirror/chainflip-io+chainflip-backend/repo';

/** LI.FI's chain ID for Chainflip's chains that ChainflipFacet maps (src/Facets/ChainflipFacet.sol). */
const LIFI_CHAIN_IDS: Readonly<Record<string, number>> = {
  Ethereum: 1,
  Arbitrum: 42161,
  Solana: 1151111081099710,
  Bitcoin: 20000000000001,
};
const ADDRESS_PREFIX: Readonly<Record<string, string>> = { Ethereum: 'eth', Arbitrum: 'arb', Solana: 'sol' };
const NATIVE: Readonly<Record<string, string>> = {
  Ethereum: '0x0000000000000000000000000000000000000000',
  Arbitrum: '0x0000000000000000000000000000000000000000',
  Solana: '11111111111111111111111111111111',
};

export type ChainflipAssetRow = {
  assetId: number;
  /** Chainflip's name of the chain and of the asset. */
  chain: string;
  symbol: string;
  chainId?: number;
  token?: string;
};

export type ChainflipSources = { assetsRs: string; chainSpecRs: string };

type Asset = { chain: string; symbol: string; index: number; gas: boolean };

/** The `assets!(...)` invocation's chains and assets, in order. */
export function parseAssets(assetsRs: string): Asset[] {
  const start = assetsRs.lastIndexOf('assets!(');
  if (start < 0) throw new Error('assets.rs: no assets!( table');
  const assets: Asset[] = [];
  let chain: string | undefined;
  const field = /(?:Chain \{\s*variant: (\w+),)|(?:Asset \{([^}]*)\})/g;
  for (const match of assetsRs.slice(start).matchAll(field)) {
    if (match[1]) {
      chain = match[1];
      continue;
    }
    const body = match[2] ?? '';
    const symbol = /json: "(\w+)"/.exec(body)?.[1];
    const index = /index: (\d+)/.exec(body)?.[1];
    const gas = /gas: (true|false)/.exec(body)?.[1];
    if (!chain || !symbol || !index || !gas) throw new Error(`assets.rs: an asset of ${chain} without its fields`);
    assets.push({ chain, symbol, index: Number(index), gas: gas === 'true' });
  }
  return assets;
}

/** Token addresses by `<prefix>_<symbol lower-case>` (e.g. `arb_usdc`), from the mainnet chain spec. */
export function parseTokenAddresses(chainSpecRs: string): Map<string, string> {
  const addresses = new Map<string, string>();
  const entry =
    /(\w+?)(?:_token)?_(?:address|mint_pubkey): (?:hex_literal::hex!\("([0-9a-fA-F]{40})"\)|SolAddress\(bs58_array\(\s*"([1-9A-HJ-NP-Za-km-z]+)")/g;
  for (const [, name, hex, base58] of chainSpecRs.matchAll(entry)) {
    if (!name) continue;
    const key = name === 'flip' ? 'eth_flip' : name;
    addresses.set(key, hex ? getAddress(`0x${hex}`) : (base58 as string));
  }
  return addresses;
}

/** One row per Chainflip asset, by ascending id; an id claimed twice is an error. */
export function chainflipAssetRows(sources: ChainflipSources): ChainflipAssetRow[] {
  const addresses = parseTokenAddresses(sources.chainSpecRs);
  const rows: ChainflipAssetRow[] = [];
  const seen = new Set<number>();
  for (const asset of parseAssets(sources.assetsRs)) {
    if (seen.has(asset.index)) throw new Error(`Chainflip asset id ${asset.index} is claimed twice`);
    seen.add(asset.index);
    const chainId = LIFI_CHAIN_IDS[asset.chain];
    const prefix = ADDRESS_PREFIX[asset.chain];
    const token = asset.gas ? NATIVE[asset.chain] : prefix && addresses.get(`${prefix}_${asset.symbol.toLowerCase()}`);
    rows.push({
      assetId: asset.index,
      chain: asset.chain,
      symbol: asset.symbol,
      ...(chainId === undefined ? {} : { chainId }),
      ...(chainId !== undefined && token ? { token } : {}),
    });
  }
  return rows.sort((a, b) => a.assetId - b.assetId);
}

/** The TypeScript module for `rows`, exactly as committed (formatted as biome formats it). */
export function renderChainflipModule(rows: readonly ChainflipAssetRow[], commit: string): string {
  const entries = rows.map((row) => {
    const fields = [
      `chain: '${row.chain}'`,
      `symbol: '${row.symbol}'`,
      ...(row.chainId === undefined ? [] : [`chainId: ${row.chainId}`]),
      ...(row.token === undefined ? [] : [`token: '${row.token}'`]),
    ];
    const line = `  ${row.assetId}: { ${fields.join(', ')} },`;
    return line.length <= 120 ? line : [`  ${row.assetId}: {`, ...fields.map((f) => `    ${f},`), '  },'].join('\n');
  });
  return `// Generated by scripts/chainflipAssets.ts from chainflip-io/chainflip-backend; do not edit by hand, run the script.

/** One of Chainflip's assets, by the id a vault swap names it with (ChainflipFacet's \`dstToken\`). */
export type ChainflipAsset = {
  /** Chainflip's name of the chain the asset lives on, and its symbol there. */
  chain: string;
  symbol: string;
  /** LI.FI's chain ID of that chain, where ChainflipFacet can send to it. */
  chainId?: number;
  /** The token delivered there: an EVM address (zero for the native coin) or a Solana mint (base58). */
  token?: string;
};

/** The chainflip-io/chainflip-backend commit these ids were read from (assets.rs, chain_spec/berghain.rs). */
export const CHAINFLIP_ASSETS_COMMIT = '${commit}';

export const CHAINFLIP_ASSETS: Readonly<Record<number, ChainflipAsset>> = {
${entries.join('\n')}
};
`;
}

/** The rows back from the committed table (what the test compares with a regeneration). */
export function rowsOfChainflip(table: Readonly<Record<number, Omit<ChainflipAssetRow, 'assetId'>>>) {
  return Object.entries(table)
    .map(([id, row]): ChainflipAssetRow => ({ assetId: Number(id), ...row }))
    .sort((a, b) => a.assetId - b.assetId);
}

const gitShow = (gitDir: string, spec: string): string =>
  execFileSync('git', ['--git-dir', gitDir, 'show', spec], { encoding: 'utf8', maxBuffer: 64 << 20 });

export function readChainflipSources(gitDir: string, commit: string): ChainflipSources {
  return {
    assetsRs: gitShow(gitDir, `${commit}:state-chain/primitives/src/chains/assets.rs`),
    chainSpecRs: gitShow(gitDir, `${commit}:state-chain/node/src/chain_spec/berghain.rs`),
  };
}

function main() {
  const gitDir = process.argv[2] ?? DEFAULT_CHAINFLIP_GIT_DIR;
  const commit = headCommit(gitDir);
  const rows = chainflipAssetRows(readChainflipSources(gitDir, commit));
  const out = resolve(import.meta.dirname, '../src/contracts/chainflipAssets.ts');
  writeFileSync(out, renderChainflipModule(rows, commit));
  console.log(`wrote ${rows.length} Chainflip assets from chainflip-backend ${commit} to ${out}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
