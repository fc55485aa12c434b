/**
 * Whom this build asks about a NEAR Intents transfer, and whose keys it believes, fixed when it is built and never
 * taken from the routing service: 1Click (its status API and the manager key its quotes are signed with,
 * defuse-protocol/one-click-sdk-typescript src/core/OpenAPI.ts and src/quote-signature.ts) and LI.FI's backend
 * signer the NEARIntentsFacet checks (lifinance/contracts config/global.json `backendSigner.production`). Store
 * builds hold production's; development builds the devnet's (server/devnet/nearIntentsSigner.ts), whose 1Click
 * answers beside the twin, at `/1click` of the service's own address, because the devnet's port is chosen when it
 * starts: whoever answers there still cannot sign for the key built in.
 */
export type NearIntentsConfig = {
  /** 1Click's API root (its `/v0/status` lives under it). */
  oneClickUrl: string;
  /** 1Click's quote key, `ed25519:` and base58. */
  oneClickKey: string;
  /** The address LI.FI's backend signs NEARIntentsFacet payloads with. */
  backendSigner: `0x${string}`;
};

export const NEAR_INTENTS_PRODUCTION: NearIntentsConfig = {
  oneClickUrl: 'https://1click.chaindefuser.com',
  oneClickKey: 'ed25519:reYaWhvwu8Jzo3WUM3zhn6VrhuMEF4eADL17qtRVifc',
  backendSigner: '0xAF4B7A83591a6c4c8B9d1341C3F08BBc3b800fc5',
};

/** The devnet's public keys (derived from public phrases, server/devnet/nearIntentsSigner.ts). */
export const NEAR_INTENTS_DEVNET_KEYS = {
  oneClickKey: 'ed25519:7xHpuwgYq6pvhRF9ZvJ6b3EMyPAByAF494PUPFnEsNNN',
  backendSigner: '0x16B9fFffD8Eb51Ee8fFe5d9A9C78BCd942E0677d',
} as const;

/** This build's NEAR Intents configuration; `serviceUrl` places the devnet's 1Click in development builds. */
export function nearIntentsConfig(
  serviceUrl: string,
  storeBuild: boolean = import.meta.env.BRIDGE_STORE_BUILD === true,
): NearIntentsConfig {
  if (storeBuild) return NEAR_INTENTS_PRODUCTION;
  return { ...NEAR_INTENTS_DEVNET_KEYS, oneClickUrl: `${serviceUrl.replace(/\/+$/, '')}/1click` };
}
