import { LIFI_CHAIN_ID_SOLANA } from '../../contracts/lifiDiamond';

/**
 * NEAR Intents' asset ids (what a 1Click quote names as `destinationAsset`) of the tokens a transfer can choose, by
 * chain and token address, as 1Click's token list (`GET /v0/tokens`: blockchain, contractAddress, assetId) gives
 * them. A Solana mint's id is a hash NEAR's bridge assigns, so it cannot be derived: only this table names it. A
 * token missing here leaves the route's receiving token unproven (left out by default), never guessed.
 */
const NATIVE = 'native';
const ASSET_IDS: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  1: {
    [NATIVE]: 'nep141:eth.omft.near',
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
    '0xdac17f958d2ee523a2206206994597c13d831ec7': 'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near',
  },
  42161: {
    [NATIVE]: 'nep141:arb.omft.near',
    '0xaf88d065e77c8cc2239327c5edb3a432268e5831': 'nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near',
    '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9': 'nep141:arb-0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9.omft.near',
  },
  8453: {
    [NATIVE]: 'nep141:base.omft.near',
    '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': 'nep141:base-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913.omft.near',
  },
  [LIFI_CHAIN_ID_SOLANA]: {
    [NATIVE]: 'nep141:sol.omft.near',
    EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'nep141:sol-5ce3bf3a31af18be40ba30f721101b4341690186.omft.near',
    Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'nep141:sol-c800a4bd850783ccb82c2b2c7e84175443606352.omft.near',
  },
};

/** Addresses that stand for a chain's native coin (LI.FI's zero address, the spec's 0xEeee…, Solana's system id). */
const NATIVE_ADDRESSES = new Set([
  '0x0000000000000000000000000000000000000000',
  '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  '11111111111111111111111111111111',
]);

/** NEAR Intents' asset id of `token` on `chainId`, or undefined when the table does not know it. */
export function nearIntentsAssetId(chainId: number, token: string): string | undefined {
  const byToken = ASSET_IDS[chainId];
  if (!byToken) return undefined;
  if (NATIVE_ADDRESSES.has(token.toLowerCase()) || NATIVE_ADDRESSES.has(token)) return byToken[NATIVE];
  return /^0x/i.test(token) ? byToken[token.toLowerCase()] : byToken[token];
}
