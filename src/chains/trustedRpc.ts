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
 * Public endpoints run by the chains' own teams or long-standing providers; no key needed. One per chain LI.FI
 * publishes a diamond on (src/contracts/lifiDeployments.ts) where such an endpoint is known; a chain left out has
 * its RPC asked of the person before the first transfer there (src/popup/ui/RpcPrompt.tsx). The listing's own
 * `metamask.rpcUrls`, a page's or the service's URLs are never used: each could lie about the chain's state.
 *
 * Sources. The first seven were chosen with the chains' docs. The others are the `rpcUrl` LI.FI deploys with in
 * lifinance/contracts config/networks.json (commit ef00558f, 2026-08-21), kept where the host is the chain's own
 * (its team's domain) or a long-standing keyless provider (dRPC, PublicNode, Tenderly's public gateway), marked so.
 * Left out, so asked of the person: Gravity (1625) and XDC (50), whose listed endpoint is Ankr's (whose free tier
 * could not be confirmed keyless offline), and HyperEVM (999), whose listed endpoint is a third-party explorer's.
 *
 * Whether each answers `eth_simulateV1` (src/checks/simulation/ simulates every transaction through these before signing)
 * could not be checked from the machine this was written on (no internet). What public sources say, per client,
 * not per endpoint (an operator may still filter methods):
 * - Ethereum (publicnode): geth has it since 1.14.9 and Nethermind since 1.28.0; unknown whether publicnode serves it.
 * - Optimism, Base (op-geth): included since op-geth v1.101500.0 (ethereum-optimism/optimism#14490); base/node#399
 *   asking for it on Base is still open, so unknown for mainnet.base.org. Other OP-stack chains below: as op-geth.
 * - Arbitrum (Nitro): "supported in latest version of Nitro" (OffchainLabs/nitro#2907, June 2025), after a crash fix
 *   (nitro#3372); unknown for arb1.arbitrum.io.
 * - Polygon (Bor): requested and open (0xPolygon/bor#1797, 2025); likely not answered.
 * - BNB Chain: a third-party provider lists it for BNB mainnet (Nodit, 2026); unknown for bsc-dataseed.
 * - Avalanche C-Chain (coreth), and every chain added from networks.json: unknown.
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
  // From lifinance/contracts config/networks.json, by chain ID.
  14: 'https://flare-api.flare.network/ext/C/rpc', // own
  25: 'https://cronos.drpc.org', // dRPC
  30: 'https://public-node.rsk.co', // own
  40: 'https://rpc.telos.net', // own
  88: 'https://rpc.viction.xyz', // own
  100: 'https://rpc.gnosischain.com', // own
  122: 'https://rpc.fuse.io', // own
  130: 'https://mainnet.unichain.org', // own
  143: 'https://rpc.monad.xyz', // own
  146: 'https://rpc.soniclabs.com', // own
  196: 'https://rpc.xlayer.tech', // own
  204: 'https://opbnb.drpc.org', // dRPC
  232: 'https://rpc.lens.xyz', // own
  252: 'https://rpc.frax.com', // own
  288: 'https://mainnet.boba.network', // own
  324: 'https://mainnet.era.zksync.io', // own
  480: 'https://worldchain-mainnet.gateway.tenderly.co', // Tenderly
  747: 'https://mainnet.evm.nodes.onflow.org', // own
  988: 'https://rpc.stable.xyz', // own
  1088: 'https://andromeda.metis.io/?owner=1088', // own
  1135: 'https://rpc.api.lisk.com', // own
  1329: 'https://evm-rpc.sei-apis.com', // own
  1480: 'https://rpc.vana.org', // own
  1672: 'https://rpc.pharos.xyz', // own
  1776: 'https://sentry.evm-rpc.injective.network', // own
  1868: 'https://rpc.soneium.org', // own
  2020: 'https://api.roninchain.com/rpc', // own
  2741: 'https://api.mainnet.abs.xyz', // own
  2818: 'https://rpc.morph.network', // own
  4217: 'https://rpc.tempo.xyz', // own
  4326: 'https://mainnet.megaeth.com/rpc', // own
  4663: 'https://rpc.mainnet.chain.robinhood.com', // own
  5000: 'https://mantle.drpc.org', // dRPC
  5031: 'https://api.infra.mainnet.somnia.network', // own
  5042: 'https://lb.drpc.live/arc', // dRPC
  6900: 'https://evm-rpc.nibiru.fi', // own
  8217: 'https://public-en.node.kaia.io', // own
  9745: 'https://rpc.plasma.to', // own
  13371: 'https://rpc.immutable.com', // own
  16661: 'https://evmrpc.0g.ai', // own
  33139: 'https://rpc.apechain.com/http', // own
  34443: 'https://mode.drpc.org', // dRPC
  42170: 'https://arbitrum-nova-rpc.publicnode.com', // PublicNode
  42220: 'https://forno.celo.org', // own
  42793: 'https://node.mainnet.etherlink.com', // own
  43111: 'https://rpc.hemi.network/rpc', // own
  57073: 'https://rpc-gel.inkonchain.com', // own
  59144: 'https://rpc.linea.build', // own
  60808: 'https://rpc.gobob.xyz', // own
  80094: 'https://rpc.berachain.com', // own
  81457: 'https://rpc.blast.io', // own
  98866: 'https://rpc.plume.org', // own
  534352: 'https://rpc.scroll.io', // own
  747474: 'https://rpc.katana.network', // own
  5734951: 'https://rpc.jovay.io', // own
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
