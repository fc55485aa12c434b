/**
 * Where Relay's own API is asked for an order, and whose signature its orders must carry: fixed when the extension
 * is built, never taken from the routing service or a page (either could name an API that agrees with its lie).
 *
 * Store builds ask Relay's production API and pin Relay's solver signer (`0xf70da978…3dbef`, the address Relay's
 * own API docs show filling and taking deposits). Development builds ask the devnet's Relay API
 * (server/devnet/relayApi.ts, on the port after the devnet's Solana RPC, as `npm start` runs it; BRIDGE_RELAY_API_URL
 * at build time moves it) and pin the devnet solver, whose key server/devnet/relayOrders.ts holds.
 */
export const RELAY_PRODUCTION_API = 'https://api.relay.link';
export const RELAY_PRODUCTION_SOLVER = '0xf70da97812cb96acdf810712aa562db8dfa3dbef' as const;

/** The devnet's Relay API and solver (server/devnet/relayApi.ts, relayOrders.ts). */
export const RELAY_DEVNET_API = 'http://127.0.0.1:8550';
export const RELAY_DEVNET_SOLVER = '0x93795CB2593f94478557446a951F67a199d5Dd94' as const;

export type RelayConfig = { apiUrl: string; solver: `0x${string}` };

export function relayConfig(storeBuild: boolean, devnetApiUrl: string = RELAY_DEVNET_API): RelayConfig {
  return storeBuild
    ? { apiUrl: RELAY_PRODUCTION_API, solver: RELAY_PRODUCTION_SOLVER }
    : { apiUrl: devnetApiUrl, solver: RELAY_DEVNET_SOLVER };
}

/** This build's: what the background asks. */
export function builtInRelayConfig(): RelayConfig {
  return relayConfig(
    import.meta.env.BRIDGE_STORE_BUILD === true,
    import.meta.env.BRIDGE_RELAY_API_URL || RELAY_DEVNET_API,
  );
}
