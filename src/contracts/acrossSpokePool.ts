import { sameAddress } from '../lib/addresses';
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from '../schemas/primitives';

/**
 * What Across's destination SpokePool does with the token it pays out, where that differs from the token named.
 *
 * Across pays `outputToken` to the recipient, except that when `outputToken` is the pool's `wrappedNativeToken` and
 * there is no message it unwraps and sends the native coin instead (across-protocol/contracts SpokePool.sol,
 * `_transferTokensToRecipient`: no check of whether the recipient is a contract). So LI.FI's AcrossFacetV4 calldata
 * for ETH → ETH names WETH as `receivingAssetId`, and what arrives is ETH.
 *
 * Only chains whose pool's wrapped native token is certain are listed; on any other chain the named token is taken
 * at its word, so a route to the native coin there is refused rather than guessed at.
 */
export const ACROSS_WRAPPED_NATIVE: Readonly<Record<number, `0x${string}`>> = {
  1: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', // WETH
  10: '0x4200000000000000000000000000000000000006', // WETH (OP Stack predeploy)
  137: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', // WPOL (formerly WMATIC)
  8453: '0x4200000000000000000000000000000000000006', // WETH (OP Stack predeploy)
  42161: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', // WETH
};

/** The token an Across fill on `chainId` actually delivers for `outputToken` (with no message). */
export function acrossDeliveredToken(chainId: number, outputToken: `0x${string}`): `0x${string}` {
  return sameAddress(ACROSS_WRAPPED_NATIVE[chainId], outputToken) ? NATIVE_TOKEN_ADDRESS : outputToken;
}

/** The token LI.FI's Across calldata names for `token` on `chainId`: the pool's wrapped native token for the native coin. */
export function acrossNamedToken(chainId: number, token: string): string {
  return isNativeToken(token) ? (ACROSS_WRAPPED_NATIVE[chainId] ?? token) : token;
}
