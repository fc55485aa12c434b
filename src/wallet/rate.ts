/**
 * The minimum received can move between choosing a route and signing (the step transaction is re-quoted). A drop
 * within the slippage the person set is fine; a larger drop needs their explicit acceptance.
 */
const PPM = 1_000_000n;

function slippagePpm(slippage: number): bigint {
  return BigInt(Math.round(Math.min(Math.max(slippage, 0), 1) * 1_000_000));
}

/** Lowest minimum accepted without asking: chosen minimum reduced by the slippage. */
export function toleratedMinimum(chosenMin: bigint, slippage: number): bigint {
  return (chosenMin * (PPM - slippagePpm(slippage))) / PPM;
}

export function needsRateConfirmation(chosenMin: bigint, newMin: bigint, slippage: number): boolean {
  return newMin < toleratedMinimum(chosenMin, slippage);
}

/**
 * Floor the signed transaction's minimum must respect: the newly quoted minimum when the person accepted it or
 * when it stayed within tolerance, and never below the tolerated minimum unless accepted.
 */
export function minimumFloor(chosenMin: bigint, newMin: bigint, slippage: number, accepted: boolean): bigint {
  if (accepted) return newMin;
  const tolerated = toleratedMinimum(chosenMin, slippage);
  return newMin > tolerated ? newMin : tolerated;
}
