/**
 * The RPC the extension trusts for each chain: what was actually sent, and what arrived, is read here, never
 * through an RPC URL that only a page or the routing service named (either could lie about the chain's state).
 *
 * Pinned public endpoints for the chains people use, overridable per chain in Settings (`rpcUrls`). Development
 * builds point the devnet's chains at the loopback ports `npm start` uses (8545 + i); tests with other ports set
 * `rpcUrls`.
 */

/** LI.FI's chain ID for Solana (its RPC is Solana JSON-RPC, not Ethereum's: read with @solana/kit). */
export const SOLANA_CHAIN_ID = 1151111081099710;

/**
 * Public endpoints run by the chains' own teams or long-standing providers; no key needed.
 *
 * Whether each answers `eth_simulateV1` (src/simulation/ simulates every transaction through these before signing)
 * could not be checked from the machine this was written on (no internet). What public sources say, per client,
 * not per endpoint (an operator may still filter methods):
 * - Ethereum (publicnode): geth has it since 1.14.9 and Nethermind since 1.28.0; unknown whether publicnode serves it.
 * - Optimism, Base (op-geth): included since op-geth v1.101500.0 (ethereum-optimism/optimism#14490); base/node#399
 *   asking for it on Base is still open, so unknown for mainnet.base.org.
 * - Arbitrum (Nitro): "supported in latest version of Nitro" (OffchainLabs/nitro#2907, June 2025), after a crash fix
 *   (nitro#3372); unknown for arb1.arbitrum.io.
 * - Polygon (Bor): requested and open (0xPolygon/bor#1797, 2025); likely not answered.
 * - BNB Chain: a third-party provider lists it for BNB mainnet (Nodit, 2026); unknown for bsc-dataseed.
 * - Avalanche C-Chain (coreth): unknown.
 * Where it is missing, only a plain bridge call goes ahead, marked "not simulated"; a call with swaps is refused.
 */
export const PINNED_RPC_URLS: Readonly<Record<number, string>> = {
  1: 'https://ethereum-rpc.publicnode.com',
  10: 'https://mainnet.optimism.io',
  56: 'https://bsc-dataseed.bnbchain.org',
  137: 'https://polygon-rpc.com',
  8453: 'https://mainnet.base.org',
  42161: 'https://arb1.arbitrum.io/rpc',
  43114: 'https://api.avax.network/ext/bc/C/rpc',
  [SOLANA_CHAIN_ID]: 'https://api.mainnet-beta.solana.com',
};

/**
 * The devnet of `npm start` (server/devnet): chain i of DEVNET_CHAIN_IDS on 127.0.0.1:8545 + i, and the Solana
 * JSON-RPC its in-process VM serves on the port after them (server/devnet/solanaRpc.ts).
 */
export const DEVNET_RPC_URLS: Readonly<Record<number, string>> = {
  1: 'http://127.0.0.1:8545',
  42161: 'http://127.0.0.1:8546',
  8453: 'http://127.0.0.1:8547',
  10: 'http://127.0.0.1:8548',
  [SOLANA_CHAIN_ID]: 'http://127.0.0.1:8549',
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An RPC URL the extension may use: https anywhere, plain http on loopback only, no credentials. */
export function isAcceptableRpcUrl(input: string): boolean {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/**
 * The trusted RPC URL for `chainId`: the person's override, else the build's pinned one; undefined when the
 * extension trusts none for that chain (then nothing may be verified there, and callers must say so).
 */
export function trustedRpcUrl(
  chainId: number,
  overrides: Readonly<Record<string, string>>,
  storeBuild: boolean = import.meta.env.BRIDGE_STORE_BUILD === true,
): string | undefined {
  const own = overrides[String(chainId)];
  if (own !== undefined && isAcceptableRpcUrl(own)) return own;
  if (!storeBuild && DEVNET_RPC_URLS[chainId] !== undefined) return DEVNET_RPC_URLS[chainId];
  return PINNED_RPC_URLS[chainId];
}
