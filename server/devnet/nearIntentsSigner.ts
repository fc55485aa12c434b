import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { hexToBytes, keccak256, toHex } from 'viem';
import { type OneClickQuoteResponse, oneClickQuoteHash } from '../../src/checks/promises/nearIntentsSignature';

/**
 * The key the twin signs NEAR Intents quotes with, as LI.FI's backend signs production's: the devnet's
 * NEARIntentsFacet accepts only this signer (contracts/LiFiDevNEARIntentsFacet.sol, BACKEND_SIGNER =
 * 0x16B9fFffD8Eb51Ee8fFe5d9A9C78BCd942E0677d). Derived from a public phrase, like every devnet key: never use it
 * anywhere but the devnet.
 */
export const NEAR_INTENTS_SIGNER_KEY = keccak256(toHex('bridge-companion devnet: NEAR Intents quote signer'));

/**
 * The devnet's 1Click key, as 1Click's manager key signs production's quotes (ed25519 over the quote's hash, see
 * src/checks/promises/nearIntentsSignature.ts). Its public half is built into development builds
 * (src/checks/promises/nearIntentsConfig.ts). Public like every devnet key.
 */
const ONE_CLICK_DEVNET_SEED = hexToBytes(keccak256(toHex('bridge-companion devnet: 1Click quote signer')));

/** The devnet 1Click key's public half, as 1Click writes keys (`ed25519:` and base58). */
export const ONE_CLICK_DEVNET_PUBLIC_KEY = `ed25519:${base58.encode(ed25519.getPublicKey(ONE_CLICK_DEVNET_SEED))}`;

/** `response` signed as 1Click signs a quote, with the devnet's key. */
export function signOneClickQuote(response: Omit<OneClickQuoteResponse, 'signature'>): OneClickQuoteResponse {
  const unsigned = { ...response, signature: '' };
  const signature = ed25519.sign(new TextEncoder().encode(oneClickQuoteHash(unsigned)), ONE_CLICK_DEVNET_SEED);
  return { ...unsigned, signature: `ed25519:${base58.encode(signature)}` };
}
