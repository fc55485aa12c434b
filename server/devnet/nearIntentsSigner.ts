import { keccak256, toHex } from 'viem';

/**
 * The key the twin signs NEAR Intents quotes with, as LI.FI's backend signs production's: the devnet's
 * NEARIntentsFacet accepts only this signer (contracts/LiFiDevNEARIntentsFacet.sol, BACKEND_SIGNER =
 * 0x16B9fFffD8Eb51Ee8fFe5d9A9C78BCd942E0677d). Derived from a public phrase, like every devnet key: never use it
 * anywhere but the devnet.
 */
export const NEAR_INTENTS_SIGNER_KEY = keccak256(toHex('bridge-companion devnet: NEAR Intents quote signer'));
