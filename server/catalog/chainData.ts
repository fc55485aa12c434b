/**
 * Real chains with their real IDs, keys, native coins, explorers and public RPC endpoints (LI.FI's keys and IDs).
 * `profile` is what the simulation needs and is never served: gas price, block time and pool depth on the chain.
 */
export type ChainProfile = {
  /** Default gas price in wei when no devnet gas source is plugged in. */
  gasPriceWei: bigint;
  blockTimeSec: number;
  /** Total USD depth of one reference pool (uniswap) between two majors on this chain. */
  poolDepthUSD: number;
};

export type ChainDefinition = {
  id: number;
  key: string;
  name: string;
  chainType: 'EVM' | 'SOLANA';
  coin: string;
  nativeName: string;
  nativeDecimals: number;
  /** USD price of the native coin (also the price of its wrapped token). */
  nativePriceUSD: number;
  logo: string;
  explorer: string;
  rpcUrls: string[];
  multicall?: string;
  profile: ChainProfile;
};

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
const LOGOS = 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/chains';
const gwei = (n: number) => BigInt(Math.round(n * 1e9));

export const SOLANA_CHAIN_ID = 1151111081099710;

export const CHAIN_DEFINITIONS: readonly ChainDefinition[] = [
  {
    id: 1,
    key: 'eth',
    name: 'Ethereum',
    chainType: 'EVM',
    coin: 'ETH',
    nativeName: 'Ether',
    nativeDecimals: 18,
    nativePriceUSD: 3000,
    logo: `${LOGOS}/ethereum.svg`,
    explorer: 'https://etherscan.io',
    rpcUrls: ['https://ethereum-rpc.publicnode.com', 'https://eth.llamarpc.com'],
    multicall: MULTICALL3,
    profile: { gasPriceWei: gwei(12), blockTimeSec: 12, poolDepthUSD: 60_000_000 },
  },
  {
    id: 10,
    key: 'opt',
    name: 'OP Mainnet',
    chainType: 'EVM',
    coin: 'ETH',
    nativeName: 'Ether',
    nativeDecimals: 18,
    nativePriceUSD: 3000,
    logo: `${LOGOS}/optimism.svg`,
    explorer: 'https://optimistic.etherscan.io',
    rpcUrls: ['https://mainnet.optimism.io', 'https://optimism-rpc.publicnode.com'],
    multicall: MULTICALL3,
    profile: { gasPriceWei: gwei(0.002), blockTimeSec: 2, poolDepthUSD: 8_000_000 },
  },
  {
    id: 56,
    key: 'bsc',
    name: 'BNB Chain',
    chainType: 'EVM',
    coin: 'BNB',
    nativeName: 'BNB',
    nativeDecimals: 18,
    nativePriceUSD: 600,
    logo: `${LOGOS}/bsc.svg`,
    explorer: 'https://bscscan.com',
    rpcUrls: ['https://bsc-dataseed.bnbchain.org', 'https://bsc-rpc.publicnode.com'],
    multicall: MULTICALL3,
    profile: { gasPriceWei: gwei(1), blockTimeSec: 3, poolDepthUSD: 15_000_000 },
  },
  {
    id: 137,
    key: 'pol',
    name: 'Polygon',
    chainType: 'EVM',
    coin: 'POL',
    nativeName: 'Polygon Ecosystem Token',
    nativeDecimals: 18,
    nativePriceUSD: 0.4,
    logo: `${LOGOS}/polygon.svg`,
    explorer: 'https://polygonscan.com',
    rpcUrls: ['https://polygon-rpc.com', 'https://polygon-bor-rpc.publicnode.com'],
    multicall: MULTICALL3,
    profile: { gasPriceWei: gwei(35), blockTimeSec: 2, poolDepthUSD: 6_000_000 },
  },
  {
    id: 8453,
    key: 'bas',
    name: 'Base',
    chainType: 'EVM',
    coin: 'ETH',
    nativeName: 'Ether',
    nativeDecimals: 18,
    nativePriceUSD: 3000,
    logo: `${LOGOS}/base.svg`,
    explorer: 'https://basescan.org',
    rpcUrls: ['https://mainnet.base.org', 'https://base-rpc.publicnode.com'],
    multicall: MULTICALL3,
    profile: { gasPriceWei: gwei(0.01), blockTimeSec: 2, poolDepthUSD: 20_000_000 },
  },
  {
    id: 42161,
    key: 'arb',
    name: 'Arbitrum',
    chainType: 'EVM',
    coin: 'ETH',
    nativeName: 'Ether',
    nativeDecimals: 18,
    nativePriceUSD: 3000,
    logo: `${LOGOS}/arbitrum.svg`,
    explorer: 'https://arbiscan.io',
    rpcUrls: ['https://arb1.arbitrum.io/rpc', 'https://arbitrum-one-rpc.publicnode.com'],
    multicall: MULTICALL3,
    profile: { gasPriceWei: gwei(0.01), blockTimeSec: 1, poolDepthUSD: 25_000_000 },
  },
  {
    id: 43114,
    key: 'ava',
    name: 'Avalanche',
    chainType: 'EVM',
    coin: 'AVAX',
    nativeName: 'Avalanche',
    nativeDecimals: 18,
    nativePriceUSD: 30,
    logo: `${LOGOS}/avalanche.svg`,
    explorer: 'https://snowtrace.io',
    rpcUrls: ['https://api.avax.network/ext/bc/C/rpc', 'https://avalanche-c-chain-rpc.publicnode.com'],
    multicall: MULTICALL3,
    profile: { gasPriceWei: gwei(2), blockTimeSec: 2, poolDepthUSD: 5_000_000 },
  },
  {
    id: SOLANA_CHAIN_ID,
    key: 'sol',
    name: 'Solana',
    chainType: 'SOLANA',
    coin: 'SOL',
    nativeName: 'Solana',
    nativeDecimals: 9,
    nativePriceUSD: 150,
    logo: `${LOGOS}/solana.svg`,
    explorer: 'https://solscan.io',
    rpcUrls: ['https://api.mainnet-beta.solana.com'],
    // Lamports per compute unit are not EVM gas; the profile is only used for listing, never for routing.
    profile: { gasPriceWei: 5000n, blockTimeSec: 1, poolDepthUSD: 30_000_000 },
  },
];
