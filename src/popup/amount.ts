/**
 * Amounts typed by a person, in human units ("1.5"), turned into integers in the token's smallest unit without
 * going through floating point (a float cannot hold 18 decimals).
 */
export type AmountParse = { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'ok'; value: bigint };

const AMOUNT_PATTERN = /^(\d*)(?:\.(\d*))?$/;

export function parseAmountInput(input: string, decimals: number, symbol = 'This token'): AmountParse {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const match = AMOUNT_PATTERN.exec(text);
  if (!match || text === '.') return { kind: 'invalid', message: 'Enter an amount such as 1.5 (digits and one dot).' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return {
      kind: 'invalid',
      message:
        decimals === 0
          ? `${symbol} has no decimals: enter a whole number.`
          : `${symbol} allows at most ${decimals} decimal${decimals === 1 ? '' : 's'}.`,
    };
  }
  const value = BigInt((whole || '0') + fraction.padEnd(decimals, '0'));
  return { kind: 'ok', value };
}

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
