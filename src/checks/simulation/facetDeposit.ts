import { i18n } from '#i18n';
import { sameAddress, sameChainAddress } from '../../lib/addresses';
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import type { AssetMove, DepositEffect, SimulatedEffects } from './effects';
import type { EffectsCheck, EffectsExpectation, LifiFacetCall } from './expectation';

/**
 * The deposit of a LI.FI bridge facet other than Across (src/checks/routers/lifi/), whose bridge (Relay's
 * depository, a Stargate pool, Mayan's forwarder, …) logs nothing the extension reads. Where the diamond pays is
 * fixed by the facet's code, not by the calldata, so what the pinned diamond pays out once its swaps are done is
 * the deposit. Its swaps are not: before the hand-off every move is judged as before (a swap paying anyone but the
 * diamond is refused, issue 30's attack 1), and LI.FI's `LiFiTransferStarted` must say what the person chose.
 */

/** Where the facet hands the funds to its bridge: in the call of LI.FI's record, after the diamond's last swap. */
export type HandOff = {
  diamond: `0x${string}`;
  account: `0x${string}`;
  call: number;
  /** The log of the diamond's last swap in that call; -1 without swaps. */
  afterLog: number;
  /** The token the plan bridges (the zero address for the native coin); LI.FI's record must name it too. */
  asset: `0x${string}`;
};

const NATIVE = NATIVE_TOKEN_ADDRESS;
const assetOf = (token: string) => (isNativeToken(token) ? NATIVE : (token.toLowerCase() as `0x${string}`));
const plannedAsset = (expected: EffectsExpectation) => assetOf(expected.plan?.bridgeToken ?? expected.fromToken);
const refuse = (code: Extract<EffectsCheck, { ok: false }>['code'], reason: string): EffectsCheck => ({
  ok: false,
  code,
  reason,
});

const records = (effects: SimulatedEffects, facet: LifiFacetCall): DepositEffect[] =>
  effects.deposits.filter((d) => d.kind === 'lifi' && sameAddress(d.emitter, facet.diamond));

/**
 * The hand-off, when it can be placed: one LI.FI record from the diamond, every swap of the diamond in its call
 * placed among the logs, and at least one swap when the calldata says it swaps (else a swap could pass as the
 * bridge). Undefined otherwise, and every move is then judged as any other.
 */
export function facetHandOff(
  effects: SimulatedEffects,
  facet: LifiFacetCall,
  expected: EffectsExpectation,
): HandOff | undefined {
  const found = records(effects, facet);
  const record = found[0];
  if (!record || found.length > 1) return undefined;
  let afterLog = -1;
  for (const swap of effects.swaps) {
    if (swap.call !== record.call || !sameAddress(swap.emitter, facet.diamond)) continue;
    if (swap.log === undefined) return undefined;
    afterLog = Math.max(afterLog, swap.log);
  }
  if (facet.hasSourceSwaps && afterLog < 0) return undefined;
  return {
    diamond: facet.diamond.toLowerCase() as `0x${string}`,
    account: expected.account.toLowerCase() as `0x${string}`,
    call: record.call,
    afterLog,
    asset: plannedAsset(expected),
  };
}

const afterHandOff = (move: AssetMove, handOff: HandOff) =>
  move.call === handOff.call && move.log !== undefined && move.log > handOff.afterLog;

/** The diamond paying the bridge after the hand-off: the bridged token or the native coin, to neither it nor the account. */
const isPayout = (move: AssetMove, handOff: HandOff) =>
  afterHandOff(move, handOff) &&
  move.from === handOff.diamond &&
  move.to !== handOff.diamond &&
  move.to !== handOff.account &&
  (move.token === handOff.asset || move.token === NATIVE);

/**
 * A move that is the bridge's side of the transfer: the diamond's payout to it, or, after the hand-off, what its
 * contracts pass on among themselves (fees to a messaging layer, a pool's internals). The account's own moves and
 * the diamond's other payouts stay judged as any other.
 */
export function bridgeSide(move: AssetMove, handOff: HandOff): boolean {
  if (!afterHandOff(move, handOff)) return false;
  if (move.from === handOff.diamond) return isPayout(move, handOff);
  return move.from !== handOff.account;
}

const sum = (moves: readonly AssetMove[]) => moves.reduce((total, move) => total + move.amount, 0n);

/** LI.FI's record names the choice; the diamond pays out what the plan bridges, and beyond it exactly the fee. */
export function checkFacetDeposit(
  effects: SimulatedEffects,
  expected: EffectsExpectation,
  facet: LifiFacetCall,
  handOff: HandOff | undefined,
): EffectsCheck {
  const found = records(effects, facet);
  const record = found[0];
  if (!record) return refuse('SIM_NO_DEPOSIT', i18n.t('simulation.noDeposit'));
  // One transfer was chosen, and this bridge logs none: any other deposit event is not it.
  if (found.length > 1 || effects.deposits.length > 1) {
    return refuse('SIM_DEPOSIT_MISMATCH', i18n.t('simulation.manyDeposits'));
  }
  if (record.destinationChainId !== expected.toChainId) {
    return refuse(
      'SIM_DEPOSIT_MISMATCH',
      i18n.t('simulation.depositChain', [String(record.destinationChainId), String(expected.toChainId)]),
    );
  }
  // LI.FI's placeholder names no one: the receiver is the one the facet's data names, which the guard compared.
  const receiver = record.placeholder ? facet.receiver : record.receiver;
  if (!sameChainAddress(receiver, expected.recipient)) {
    return refuse('SIM_DEPOSIT_MISMATCH', i18n.t('simulation.depositReceiver', [receiver, expected.recipient]));
  }
  if (assetOf(record.bridgedToken) !== plannedAsset(expected)) {
    return refuse('SIM_DEPOSIT_MISMATCH', i18n.t('simulation.bridgesOther', [record.bridgedToken]));
  }
  // Gas on arrival comes out of the amount before it crosses (checkGasZipPayment holds where it goes).
  const least = expected.plan?.minBridgeAmount ?? expected.fromAmount - (expected.gasOnArrival?.amount ?? 0n);
  if (record.bridgedAmount < least) {
    return refuse('SIM_MINIMUM', i18n.t('simulation.bridgesLess', [String(record.bridgedAmount), String(least)]));
  }
  if (!handOff) return refuse('SIM_NO_DEPOSIT', i18n.t('simulation.noDeposit'));
  return checkPayouts(effects, handOff, record, least, facet.nativeFee ?? 0n);
}

function checkPayouts(
  effects: SimulatedEffects,
  handOff: HandOff,
  record: DepositEffect,
  least: bigint,
  fee: bigint,
): EffectsCheck {
  const paid = (token: `0x${string}`) =>
    sum(effects.moves.filter((move) => move.token === token && isPayout(move, handOff)));
  const native = paid(NATIVE);
  // The native coin beside the bridged amount is the fee the calldata names, to the unit.
  const beside = handOff.asset === NATIVE ? native - record.bridgedAmount : native;
  if (beside !== fee) {
    return refuse('SIM_DEPOSIT_MISMATCH', i18n.t('simulation.facetFee', [String(beside), String(fee)]));
  }
  const bridged = handOff.asset === NATIVE ? native - fee : paid(handOff.asset);
  if (bridged < least) {
    return refuse('SIM_MINIMUM', i18n.t('simulation.bridgesLess', [String(bridged), String(least)]));
  }
  // The diamond holds others' leftovers: paying out more than this transfer brought in would be paying with them.
  for (const token of new Set<`0x${string}`>([handOff.asset, NATIVE])) {
    const out = paid(token);
    const entered = sum(
      effects.moves.filter(
        (move) =>
          move.call === handOff.call &&
          move.token === token &&
          move.to === handOff.diamond &&
          move.from !== handOff.diamond,
      ),
    );
    if (out > entered) {
      return refuse(
        'SIM_AMOUNT',
        i18n.t('simulation.facetPaysMore', [
          String(out),
          token === NATIVE ? i18n.t('simulation.nativeCoin') : token,
          String(entered),
        ]),
      );
    }
  }
  return { ok: true };
}
