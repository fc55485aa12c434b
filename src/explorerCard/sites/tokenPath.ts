/**
 * The cheap part of detection, shared by the background (which pages get the card) and the card (which pages it
 * follows).
 * Etherscan and Blockscout both put the contract in the path: `/token/0x…` for token pages, `/address/0x…` for any
 * contract (which is a token page only when the catalog knows the address). Trailing `/`, `?a=holder` and `#balances`
 * are part of the same page.
 */
export type TokenPathKind = 'token' | 'address';

export type TokenPath = { kind: TokenPathKind; address: `0x${string}` };

const TOKEN_PATH = /^\/(token|address)\/(0x[0-9a-f]{40})\/?$/i;
const TOKEN_LIKE_PATH = /\/(?:token|address)\/0x[0-9a-f]{40}\/?$/i;

/** Parses the path that follows an explorer's prefix, e.g. `/token/0xA0b8…`. Addresses come back lower-cased. */
export function parseTokenPath(path: string): TokenPath | null {
  const match = TOKEN_PATH.exec(path);
  if (!match) return null;
  return { kind: match[1]!.toLowerCase() as TokenPathKind, address: match[2]!.toLowerCase() as `0x${string}` };
}

/** True when a pathname could be a token page on some explorer (any prefix). No allocation, no URL parsing. */
export function looksLikeTokenPath(pathname: string): boolean {
  return TOKEN_LIKE_PATH.test(pathname);
}
