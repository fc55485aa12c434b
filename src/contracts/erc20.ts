/**
 * The three ERC-20 calls the popup makes, encoded by hand: four selectors do not justify pulling viem's ABI
 * encoder into the popup bundle.
 */
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
const uint = (value: bigint) => value.toString(16).padStart(64, '0');

export const encodeApprove = (spender: `0x${string}`, amount: bigint): `0x${string}` =>
  `0x095ea7b3${word(spender)}${uint(amount)}`;

export const encodeAllowance = (owner: `0x${string}`, spender: `0x${string}`): `0x${string}` =>
  `0xdd62ed3e${word(owner)}${word(spender)}`;

export const encodeBalanceOf = (owner: `0x${string}`): `0x${string}` => `0x70a08231${word(owner)}`;

/** Reads a uint256 returned by eth_call; an empty or malformed answer is an error, never silently zero. */
export function decodeUint256(result: unknown): bigint {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(result)) {
    throw new Error(`Unexpected eth_call result: ${String(result).slice(0, 80)}`);
  }
  return BigInt(result);
}

/**
 * Tokens whose approve() reverts when changing a non-zero allowance to another non-zero value: the allowance is
 * reset to zero first. Keys are `chainId:lower-case address`.
 */
const NEEDS_ZERO_RESET = new Set<string>([
  '1:0xdac17f958d2ee523a2206206994597c13d831ec7', // USDT on Ethereum
]);

export function needsAllowanceReset(chainId: number, token: string): boolean {
  return NEEDS_ZERO_RESET.has(`${chainId}:${token.toLowerCase()}`);
}
