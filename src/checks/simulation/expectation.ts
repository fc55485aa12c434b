import type { BridgePlan } from '../choice';
import type { GuardCode } from '../errors';

/**
 * What the simulated effects are checked against (src/checks/simulation/checkEffects.ts) and what a check answers: in a
 * file of their own so the checks of each kind of deposit (facetDeposit.ts) share them without importing each other.
 */

export type TokenLabel = { symbol: string; decimals: number };

export type EffectsExpectation = {
  chainId: number;
  account: `0x${string}`;
  fromToken: `0x${string}`;
  fromAmount: bigint;
  toChainId: number;
  /** A 0x address, or a base58 key on Solana. */
  recipient: string;
  toToken: string;
  /** The least the person must receive (the floor the calldata guard holds). */
  toAmountMin: bigint;
  /** The routers pinned on this chain (src/checks/routers/registry.ts): the diamond, the devnet router. */
  routers: readonly `0x${string}`[];
  /** The contract the account may approve (the route's approval address); none for the native coin. */
  spender?: `0x${string}`;
  allowUnlimited?: boolean;
  /** The bridge in the middle, from the verified steps (choice.ts `bridgePlan`). */
  plan?: BridgePlan;
  /**
   * Gas on arrival the person chose and the guard read (src/checks/routers/lifi/gasOnArrival.ts): this part of
   * `fromAmount` is deposited with Gas.zip as the native coin for the recipient, the rest is what crosses.
   */
  gasOnArrival?: { amount: bigint };
  /** The step is a LI.FI bridge facet other than Across, as its calldata decoded (the diamond it was sent to). */
  lifiFacet?: LifiFacetCall;
  /** The account's allowance for `spender` before the simulated block and after it, read inside the simulation. */
  allowanceBefore?: bigint;
  allowanceAfter?: bigint;
  /** For the words: the chosen tokens' symbols and decimals. */
  fromLabel?: TokenLabel;
  toLabel?: TokenLabel;
};

export type LifiFacetCall = {
  diamond: `0x${string}`;
  /** The receiver the facet's own data names (for a non-EVM destination, the one the guard compared). */
  receiver: string;
  /** The native coin the calldata carries on top of the amount as the bridge's fee. */
  nativeFee?: bigint;
  /** Who takes that fee, where the bridge's own contract stated it (deBridge's DlnSource): paid there, it rests. */
  feePayee?: `0x${string}`;
  /** Whether the calldata swaps before bridging (then the diamond's swaps must show where the hand-off is). */
  hasSourceSwaps?: boolean;
};

export type EffectsCheck = { ok: true } | { ok: false; code: GuardCode; reason: string };
