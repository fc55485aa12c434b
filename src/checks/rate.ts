/**
 * The least the person is guaranteed is derived from what the screen showed them: the verified route's `toAmount`
 * and the slippage they set, never from the service's `toAmountMin` (a compromised service could lower it while
 * showing the same amount). The fresh step transaction can quote less than that by the time they sign; then they
 * are asked, and only an explicit "accept" lowers the floor the signed transaction must respect.
 */
const BILLION = 1_000_000_000n;

/** 1 − slippage in parts per billion, rounded as the reference service rounds it (so honest minimums agree). */
function keptPpb(slippage: number): bigint {
  if (!Number.isFinite(slippage)) return 0n;
  return BigInt(Math.round((1 - Math.min(Math.max(slippage, 0), 1)) * 1e9));
}

/** floor(toAmount × (1 − slippage)), in the receiving token's base units. */
export function shownMinimum(toAmount: bigint, slippage: number): bigint {
  if (toAmount <= 0n) return 0n;
  return (toAmount * keptPpb(slippage)) / BILLION;
}

/** The fresh step guarantees less than the minimum the person was shown: ask before signing. */
export function needsRateConfirmation(shownMin: bigint, freshMin: bigint): boolean {
  return freshMin < shownMin;
}

/** Floor the signed transaction's minimum must respect: the shown minimum, or the fresh one once accepted. */
export function minimumFloor(shownMin: bigint, freshMin: bigint, accepted: boolean): bigint {
  return accepted && freshMin < shownMin ? freshMin : shownMin;
}
