/**
 * API hosts the manifest grants up front (wxt.config.ts), so the popup asks for no permission to use them: the local
 * reference service in development builds, LI.FI's public API in store builds (which carry no loopback permission).
 * Match patterns leave the port out, so any loopback port is covered.
 */
export const LOOPBACK_MATCHES = ['http://127.0.0.1/*', 'http://localhost/*'];
/** LI.FI's API, and Relay's, where the background proves a Relay order (src/checks/promises/relayConfig.ts). */
export const STORE_API_MATCHES = ['https://li.quest/*', 'https://api.relay.link/*'];

/** Whether the manifest of this kind of build already grants `origin` (e.g. `http://127.0.0.1:8787`). */
export function isBuiltInApiOrigin(origin: string, storeBuild: boolean): boolean {
  return storeBuild ? origin === 'https://li.quest' : /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin);
}
