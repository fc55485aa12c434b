import { SOLANA_CHAIN_ID } from './chainData';
import type { BridgeDefinition } from './toolData';

/**
 * Tools LI.FI no longer offers (`lifinance/contracts`: Hop and CBridge removed 2026-08, the old RelayFacet 2026-05;
 * Stargate V1, Amarok, Multichain, Hyphen, Celer IM and LI.Fuel retired before): li.quest lists and routes none of
 * them, so the LI.FI dialect does not either. The spec dialect's own router keeps its five bridges.
 */
export const RETIRED_LIFI_TOOLS: ReadonlySet<string> = new Set([
  'stargate',
  'hop',
  'cbridge',
  'amarok',
  'multichain',
  'hyphen',
  'celerim',
  'lifuel',
]);

const BRIDGE_LOGOS = 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/bridges';
const DEVNET_EVM = [1, 10, 8453, 42161];
const EVM_CHAINS = [1, 10, 56, 137, 8453, 42161, 43114];

/**
 * Bridges only the LI.FI dialect offers: each has a facet on the devnet's diamond (contracts/LiFiDev*Facet.sol), under
 * the tool key LI.FI's API gives it, and reaches the chains and coins that facet carries there. The spec dialect's
 * router knows none of them (its list stays catalog.bridges). As in toolData.ts, the economics simulate what each is
 * known for: solver bridges (Relay, NEAR Intents, Mayan Swift, deBridge DLN) are fast, burn-and-mint CCTP waits for
 * attestation, Stargate's pools and Chainflip's validators sit in between.
 */
export const LIFI_FACET_BRIDGES: readonly BridgeDefinition[] = [
  {
    key: 'stargateV2',
    name: 'StargateV2 (Fast mode)',
    logoURI: `${BRIDGE_LOGOS}/stargate.png`,
    supportedChains: EVM_CHAINS,
    assets: ['USDC', 'USDT', 'ETH'],
    fixedFeeUSD: 0.3,
    feeBps: 6,
    minAmountUSD: 1,
    capacityUSD: 10_000_000,
    durationSec: 120,
    reliability: 0.99,
    gasLimit: 170_000n,
  },
  {
    key: 'mayan',
    name: 'Mayan (Swift)',
    logoURI: `${BRIDGE_LOGOS}/mayan.png`,
    supportedChains: [...EVM_CHAINS, SOLANA_CHAIN_ID],
    assets: ['USDC', 'USDT'],
    fixedFeeUSD: 0.35,
    feeBps: 5,
    minAmountUSD: 2,
    capacityUSD: 1_000_000,
    durationSec: 30,
    reliability: 0.985,
    gasLimit: 190_000n,
  },
  {
    key: 'dln',
    name: 'deBridge',
    logoURI: `${BRIDGE_LOGOS}/debridge.png`,
    supportedChains: [...EVM_CHAINS, SOLANA_CHAIN_ID],
    assets: ['USDC', 'USDT', 'ETH'],
    fixedFeeUSD: 0.6,
    feeBps: 4,
    minAmountUSD: 5,
    capacityUSD: 3_000_000,
    durationSec: 45,
    reliability: 0.99,
    gasLimit: 170_000n,
  },
  {
    key: 'celercircle',
    name: 'Circle CCTP',
    logoURI: `${BRIDGE_LOGOS}/circle.png`,
    supportedChains: EVM_CHAINS,
    assets: ['USDC'],
    fixedFeeUSD: 0.05,
    feeBps: 1,
    minAmountUSD: 1,
    capacityUSD: 20_000_000,
    durationSec: 900,
    reliability: 0.999,
    gasLimit: 160_000n,
  },
  {
    key: 'polymer',
    name: 'Polymer CCTP',
    logoURI: `${BRIDGE_LOGOS}/polymer.svg`,
    supportedChains: EVM_CHAINS,
    assets: ['USDC'],
    fixedFeeUSD: 0.15,
    feeBps: 1,
    minAmountUSD: 1,
    capacityUSD: 10_000_000,
    durationSec: 40,
    reliability: 0.99,
    gasLimit: 170_000n,
  },
  {
    key: 'gasZipBridge',
    name: 'GasZip',
    logoURI: `${BRIDGE_LOGOS}/gaszip.svg`,
    // Gas.zip pays the native coin; the devnet's chains all have ETH as theirs.
    supportedChains: DEVNET_EVM,
    assets: ['ETH'],
    fixedFeeUSD: 0.02,
    feeBps: 20,
    minAmountUSD: 0.1,
    capacityUSD: 5_000,
    durationSec: 10,
    reliability: 0.99,
    gasLimit: 150_000n,
  },
  {
    key: 'glacis',
    name: 'Glacis',
    logoURI: `${BRIDGE_LOGOS}/glacis.svg`,
    supportedChains: EVM_CHAINS,
    assets: ['USDC', 'USDT'],
    fixedFeeUSD: 0.5,
    feeBps: 3,
    minAmountUSD: 5,
    capacityUSD: 2_000_000,
    durationSec: 300,
    reliability: 0.98,
    gasLimit: 170_000n,
  },
  {
    key: 'near',
    name: 'NEAR Intents',
    logoURI: `${BRIDGE_LOGOS}/near.svg`,
    supportedChains: [...EVM_CHAINS, SOLANA_CHAIN_ID],
    assets: ['USDC', 'USDT', 'ETH'],
    fixedFeeUSD: 0.3,
    feeBps: 8,
    minAmountUSD: 1,
    capacityUSD: 1_000_000,
    durationSec: 25,
    reliability: 0.985,
    gasLimit: 190_000n,
  },
  {
    key: 'chainflip',
    name: 'Chainflip',
    logoURI: `${BRIDGE_LOGOS}/chainflip.svg`,
    // Chainflip's EVM vaults are on Ethereum and Arbitrum; it pays out on Solana too.
    supportedChains: [1, 42161, SOLANA_CHAIN_ID],
    assets: ['USDC', 'ETH'],
    fixedFeeUSD: 0.8,
    feeBps: 10,
    minAmountUSD: 10,
    capacityUSD: 1_000_000,
    durationSec: 180,
    reliability: 0.98,
    gasLimit: 170_000n,
  },
  {
    key: 'symbiosis',
    name: 'Symbiosis',
    logoURI: `${BRIDGE_LOGOS}/symbiosis.svg`,
    supportedChains: EVM_CHAINS,
    assets: ['USDC', 'USDT'],
    fixedFeeUSD: 0.7,
    feeBps: 8,
    minAmountUSD: 5,
    capacityUSD: 1_000_000,
    durationSec: 90,
    reliability: 0.975,
    gasLimit: 180_000n,
  },
];
