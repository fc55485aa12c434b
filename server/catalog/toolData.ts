import { SOLANA_CHAIN_ID } from './chainData';

/**
 * Real bridges and exchanges (LI.FI's keys). The economics are a simulation of what each tool is known for:
 * Relay and Across are fast intent bridges, Stargate a liquidity-pool bridge, Hop and cBridge slower and cheaper
 * for large amounts. Aggregators get better prices than a single AMM at a slightly higher gas cost.
 */
export type BridgeDefinition = {
  key: string;
  name: string;
  logoURI: string;
  supportedChains: number[];
  /** coinKeys the bridge moves ('ETH' means the native coin on ETH chains and the ETH/WETH token elsewhere). */
  assets: string[];
  fixedFeeUSD: number;
  feeBps: number;
  minAmountUSD: number;
  /** Largest transfer the bridge's liquidity accepts, in USD. */
  capacityUSD: number;
  durationSec: number;
  /** Share of transfers that complete without manual intervention (drives the SAFETY order). */
  reliability: number;
  gasLimit: bigint;
};

export type ExchangeDefinition = {
  key: string;
  name: string;
  logoURI: string;
  supportedChains: number[];
  feeBps: number;
  /** Pool depth relative to the chain's reference depth. */
  depthFactor: number;
  gasLimit: bigint;
};

const BRIDGE_LOGOS = 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/bridges';
const EXCHANGE_LOGOS = 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/exchanges';
const EVM_CHAINS = [1, 10, 56, 137, 8453, 42161, 43114];

export const BRIDGE_DEFINITIONS: readonly BridgeDefinition[] = [
  {
    key: 'across',
    name: 'Across',
    logoURI: `${BRIDGE_LOGOS}/acrossv2.png`,
    // Across fills Solana too (USDC), which its V4 facet reaches with a bytes32 receiver.
    supportedChains: [1, 10, 56, 137, 8453, 42161, SOLANA_CHAIN_ID],
    assets: ['USDC', 'USDT', 'DAI', 'ETH', 'WBTC'],
    fixedFeeUSD: 0.4,
    feeBps: 4,
    minAmountUSD: 1,
    capacityUSD: 5_000_000,
    durationSec: 60,
    reliability: 0.995,
    gasLimit: 180_000n,
  },
  {
    key: 'stargate',
    name: 'Stargate',
    logoURI: `${BRIDGE_LOGOS}/stargate.png`,
    supportedChains: [1, 10, 56, 137, 8453, 42161, 43114],
    assets: ['USDC', 'USDT', 'ETH'],
    fixedFeeUSD: 0.25,
    feeBps: 6,
    minAmountUSD: 1,
    capacityUSD: 10_000_000,
    durationSec: 180,
    reliability: 0.99,
    gasLimit: 320_000n,
  },
  {
    key: 'hop',
    name: 'Hop',
    logoURI: `${BRIDGE_LOGOS}/hop.png`,
    supportedChains: [1, 10, 137, 8453, 42161],
    assets: ['USDC', 'USDT', 'DAI', 'ETH'],
    fixedFeeUSD: 1.2,
    feeBps: 4,
    minAmountUSD: 5,
    capacityUSD: 1_000_000,
    durationSec: 600,
    reliability: 0.98,
    gasLimit: 250_000n,
  },
  {
    key: 'cbridge',
    name: 'cBridge',
    logoURI: `${BRIDGE_LOGOS}/cbridge.png`,
    supportedChains: [1, 10, 56, 137, 8453, 42161, 43114],
    assets: ['USDC', 'USDT', 'ETH', 'WBTC'],
    fixedFeeUSD: 0.8,
    feeBps: 2,
    minAmountUSD: 10,
    capacityUSD: 2_000_000,
    durationSec: 900,
    reliability: 0.97,
    gasLimit: 220_000n,
  },
  {
    key: 'relay',
    name: 'Relay',
    logoURI: `${BRIDGE_LOGOS}/relay.svg`,
    supportedChains: [...EVM_CHAINS, SOLANA_CHAIN_ID],
    assets: ['USDC', 'ETH'],
    fixedFeeUSD: 0.1,
    feeBps: 10,
    minAmountUSD: 0.5,
    capacityUSD: 500_000,
    durationSec: 20,
    reliability: 0.985,
    gasLimit: 170_000n, // startBridge measures 163.6k on the devnet; the 1.25x margin must cover it
  },
];

export const EXCHANGE_DEFINITIONS: readonly ExchangeDefinition[] = [
  {
    key: '1inch',
    name: '1inch',
    logoURI: `${EXCHANGE_LOGOS}/oneinch.png`,
    supportedChains: EVM_CHAINS,
    feeBps: 8,
    depthFactor: 1.6,
    gasLimit: 210_000n,
  },
  {
    key: 'paraswap',
    name: 'ParaSwap',
    logoURI: `${EXCHANGE_LOGOS}/paraswap.png`,
    supportedChains: EVM_CHAINS,
    feeBps: 10,
    depthFactor: 1.4,
    gasLimit: 200_000n,
  },
  {
    key: '0x',
    name: '0x',
    logoURI: `${EXCHANGE_LOGOS}/zerox.png`,
    supportedChains: EVM_CHAINS,
    feeBps: 10,
    depthFactor: 1.3,
    gasLimit: 190_000n,
  },
  {
    key: 'uniswap',
    name: 'Uniswap',
    logoURI: `${EXCHANGE_LOGOS}/uniswap.png`,
    supportedChains: EVM_CHAINS,
    feeBps: 30,
    depthFactor: 1,
    gasLimit: 150_000n,
  },
  {
    key: 'sushiswap',
    name: 'SushiSwap',
    logoURI: `${EXCHANGE_LOGOS}/sushi.png`,
    supportedChains: EVM_CHAINS,
    feeBps: 30,
    depthFactor: 0.3,
    gasLimit: 150_000n,
  },
  {
    key: 'pancakeswap',
    name: 'PancakeSwap',
    logoURI: `${EXCHANGE_LOGOS}/pancakeswap.png`,
    supportedChains: [1, 56, 8453, 42161],
    feeBps: 25,
    depthFactor: 0.8,
    gasLimit: 150_000n,
  },
  {
    key: 'jupiter',
    name: 'Jupiter',
    logoURI: `${EXCHANGE_LOGOS}/jupiter.svg`,
    supportedChains: [SOLANA_CHAIN_ID],
    feeBps: 5,
    depthFactor: 1.5,
    gasLimit: 0n,
  },
];
