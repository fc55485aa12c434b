/** Native balance that can be sent while keeping `reserve` for gas (never negative). */
export function maxSendable(balance: bigint, isNative: boolean, gasReserve: bigint): bigint {
  if (!isNative) return balance;
  return balance > gasReserve ? balance - gasReserve : 0n;
}

/**
 * Gas kept back when Max is pressed on a native token: twice the route's gas estimate when known (gas prices move
 * between quote and send), else a flat 0.005 of the coin.
 */
export function gasReserveFor(decimals: number, routeGasWei?: bigint): bigint {
  if (routeGasWei !== undefined && routeGasWei > 0n) return routeGasWei * 2n;
  return (10n ** BigInt(decimals) * 5n) / 1000n;
}
