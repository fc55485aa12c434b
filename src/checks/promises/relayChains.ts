/**
 * Relay's own chain ids (the strings its orders carry) for the chains whose Relay orders this extension can prove,
 * by EVM chain id. Pinned by hand until a table generated from Relay's published chain list lands in src/contracts/:
 * "base" and "solana" are the ids relayprotocol/relay-settlement's own order test uses
 * (packages/sdk/test/order.test.ts); "ethereum", "optimism" and "arbitrum" are Relay's network slugs for those chains
 * (packages/sdk/src/networks.ts keys networks by slug). A chain missing here cannot be proven, so its Relay route is
 * left out, never guessed.
 */
const RELAY_CHAIN_IDS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  10: 'optimism',
  8453: 'base',
  42161: 'arbitrum',
};

export function relayChainId(chainId: number): string | undefined {
  return RELAY_CHAIN_IDS[chainId];
}
