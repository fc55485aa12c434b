import { i18n } from '#i18n';
import { ACROSS_WRAPPED_NATIVE } from '../../contracts/acrossSpokePool';
import { gasZipRouterOn } from '../../contracts/lifi/gasZipPeriphery';
import { formatAmount } from '../../format/amount';
import { sameAddress, sameChainAddress } from '../../lib/addresses';
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import type { GuardCode } from '../errors';
import { type DepositEffect, isAcrossSpokePool, type SimulatedEffects } from './effects';
import type { EffectsCheck, EffectsExpectation, TokenLabel } from './expectation';
import { bridgeSide, checkFacetDeposit, facetHandOff, type HandOff } from './facetDeposit';

/**
 * The simulated effects of the transactions the wallet is about to be asked for, against the person's choice. The
 * calldata guards (src/checks/guards.ts) read what a call says; this reads what it does on the chain's own state:
 * - only the chosen token leaves the account, exactly the chosen amount (gas aside);
 * - the account approves only the route's contract, and no allowance is left beyond what the transfer uses;
 * - the bridge's own deposit (the devnet router's `BridgeStarted`, Across's `FundsDeposited`) and LI.FI's
 *   `LiFiTransferStarted` name the chosen destination chain and recipient, the bridge pays the chosen token, at least
 *   the floor the guard holds, and what crosses is at least what the route's swap promised;
 * - every asset that moves inside ends where the person's funds may rest (the pinned routers, the bridge, the
 *   account, a same-chain swap's recipient) or at a counterparty that itself pays into those (a swap pool): a swap
 *   whose output is paid to anyone else is refused, whatever BridgeData and `minAmount × multiplier` say (issue 30,
 *   attack 1);
 * - a LI.FI bridge facet other than Across (src/checks/routers/lifi/) whose bridge logs nothing read here: its
 *   deposit is what the pinned diamond pays out after its last swap, to where the facet's code sends it. LI.FI's
 *   `LiFiTransferStarted` must name the chosen chain, receiver and bridged token, the diamond must pay out at least
 *   what the plan bridges (no more than entered it) and, beyond that, exactly the native fee its calldata names.
 */

export type { EffectsCheck, EffectsExpectation, LifiFacetCall, TokenLabel } from './expectation';

const refuse = (code: GuardCode, reason: string): EffectsCheck => ({ ok: false, code, reason });
const OK: EffectsCheck = { ok: true };
const lower = (a: string) => a.toLowerCase();

const say = (amount: bigint, label: TokenLabel | undefined, token: string) =>
  label
    ? `${formatAmount(amount, label.decimals)} ${label.symbol}`
    : i18n.t('simulation.units', [String(amount), token]);

export function checkEffects(effects: SimulatedEffects, expected: EffectsExpectation): EffectsCheck {
  const facet = facetRoute(effects, expected);
  const handOff = facet && facetHandOff(effects, facet, expected);
  return (
    firstRefusal(
      // The facet's native fee leaves the account beside the amount whichever way its deposit is read.
      () => checkOutflows(effects, expected, expected.lifiFacet?.nativeFee ?? 0n),
      () => checkApprovals(effects, expected),
      // Before the deposit: a swap paying someone else is said as such, not as the smaller deposit it leaves.
      () => checkWhereFundsEnd(effects, expected, handOff),
      () => checkGasZipPayment(effects, expected),
      () => {
        if (expected.toChainId === expected.chainId) return checkSwapPayout(effects, expected);
        return facet ? checkFacetDeposit(effects, expected, facet, handOff) : checkDeposits(effects, expected);
      },
    ) ?? OK
  );
}

/**
 * The step's LI.FI facet, when its deposit is read from the diamond's payouts: a bridge to another chain through
 * the pinned diamond whose bridge logs no deposit read here (the devnet twin's facets end in the devnet router,
 * whose own deposit is read as before).
 */
function facetRoute(effects: SimulatedEffects, expected: EffectsExpectation) {
  const facet = expected.lifiFacet;
  if (!facet || expected.toChainId === expected.chainId) return undefined;
  if (!expected.routers.some((router) => sameAddress(router, facet.diamond))) return undefined;
  return effects.deposits.some((d) => isBridgeDeposit(d, expected)) ? undefined : facet;
}

function firstRefusal(...checks: (() => EffectsCheck)[]): EffectsCheck | undefined {
  for (const check of checks) {
    const result = check();
    if (!result.ok) return result;
  }
  return undefined;
}

/**
 * Only the chosen token leaves the account, exactly the chosen amount; beside it, a LI.FI facet's native fee, exactly
 * as its calldata names it.
 */
function checkOutflows(effects: SimulatedEffects, expected: EffectsExpectation, fee: bigint): EffectsCheck {
  const out = new Map<string, bigint>();
  for (const move of effects.moves) {
    if (!sameAddress(move.from, expected.account) || sameAddress(move.to, expected.account)) continue;
    out.set(move.token, (out.get(move.token) ?? 0n) + move.amount);
  }
  const chosen = lower(isNativeToken(expected.fromToken) ? NATIVE_TOKEN_ADDRESS : expected.fromToken);
  for (const [token, amount] of out) {
    if (token === chosen || (token === NATIVE_TOKEN_ADDRESS && fee > 0n)) continue;
    return refuse(
      'SIM_OTHER_ASSET',
      i18n.t('simulation.otherAsset', [isNativeToken(token) ? i18n.t('simulation.nativeCoin') : token, String(amount)]),
    );
  }
  const spent = out.get(chosen) ?? 0n;
  const feeInChosen = chosen === NATIVE_TOKEN_ADDRESS ? fee : 0n;
  if (spent !== expected.fromAmount + feeInChosen) {
    return refuse(
      'SIM_AMOUNT',
      i18n.t('simulation.spends', [
        say(spent, expected.fromLabel, expected.fromToken),
        say(expected.fromAmount + feeInChosen, expected.fromLabel, expected.fromToken),
      ]),
    );
  }
  const nativeSpent = out.get(NATIVE_TOKEN_ADDRESS) ?? 0n;
  if (feeInChosen === 0n && fee > 0n && nativeSpent !== fee) {
    const coin = i18n.t('simulation.nativeCoin');
    return refuse(
      'SIM_AMOUNT',
      i18n.t('simulation.spends', [
        i18n.t('simulation.units', [String(nativeSpent), coin]),
        i18n.t('simulation.units', [String(fee), coin]),
      ]),
    );
  }
  return OK;
}

/** The account approves only the route's contract, and leaves no allowance beyond the transfer. */
function checkApprovals(effects: SimulatedEffects, expected: EffectsExpectation): EffectsCheck {
  for (const approval of effects.approvals) {
    if (!sameAddress(approval.owner, expected.account)) continue;
    if (!expected.spender || !sameAddress(approval.spender, expected.spender)) {
      return refuse('SIM_APPROVAL_SPENDER', i18n.t('simulation.approvesOther', [approval.spender, approval.token]));
    }
  }
  if (expected.allowUnlimited || isNativeToken(expected.fromToken) || expected.allowanceAfter === undefined) return OK;
  const before = expected.allowanceBefore ?? 0n;
  const allowed = before > expected.fromAmount ? before - expected.fromAmount : 0n;
  if (expected.allowanceAfter > allowed) {
    return refuse(
      'SIM_ALLOWANCE_LEFT',
      i18n.t('simulation.allowanceLeft', [say(expected.allowanceAfter, expected.fromLabel, expected.fromToken)]),
    );
  }
  return OK;
}

/** A same-chain swap: the recipient is paid at least the floor of the chosen token. */
function checkSwapPayout(effects: SimulatedEffects, expected: EffectsExpectation): EffectsCheck {
  const token = lower(isNativeToken(expected.toToken) ? NATIVE_TOKEN_ADDRESS : expected.toToken);
  let received = 0n;
  for (const move of effects.moves) {
    if (move.token === token && sameAddress(move.to, expected.recipient) && !sameAddress(move.from, move.to)) {
      received += move.amount;
    }
  }
  if (received < expected.toAmountMin) {
    return refuse(
      'SIM_MINIMUM',
      i18n.t('simulation.receivesLess', [
        say(received, expected.toLabel, expected.toToken),
        say(expected.toAmountMin, expected.toLabel, expected.toToken),
      ]),
    );
  }
  return OK;
}

const isBridgeDeposit = (deposit: DepositEffect, expected: EffectsExpectation) =>
  (deposit.kind === 'router' && expected.routers.some((r) => sameAddress(r, deposit.emitter))) ||
  (deposit.kind === 'across' && isAcrossSpokePool(expected.chainId, deposit.emitter));

/** The deposit the bridge records, and LI.FI's own announcement of it, say what the person chose. */
function checkDeposits(effects: SimulatedEffects, expected: EffectsExpectation): EffectsCheck {
  // LI.FI's record with an unnamed non-EVM receiver is no deposit to anyone here (only a facet's data names one).
  const deposits = effects.deposits.filter((d) => !d.unnamed);
  const bridgeDeposits = deposits.filter((d) => isBridgeDeposit(d, expected));
  const gas = gasDeposit(effects, bridgeDeposits, expected);
  if (gas && !gas.ok) return gas;
  const own = bridgeDeposits.filter((d) => d !== gas?.deposit);
  const lifi = deposits.filter((d) => d.kind === 'lifi' && expected.routers.some((r) => sameAddress(r, d.emitter)));
  if (own.length === 0) return refuse('SIM_NO_DEPOSIT', i18n.t('simulation.noDeposit'));
  // One transfer was chosen: a second deposit (or a deposit from a contract the extension does not know) is not it.
  const foreign = deposits.filter((d) => !own.includes(d) && !lifi.includes(d) && d !== gas?.deposit);
  if (own.length > 1 || lifi.length > 1 || foreign.length > 0) {
    return refuse('SIM_DEPOSIT_MISMATCH', i18n.t('simulation.manyDeposits'));
  }
  for (const deposit of [...own, ...lifi]) {
    if (deposit.destinationChainId !== expected.toChainId) {
      return refuse(
        'SIM_DEPOSIT_MISMATCH',
        i18n.t('simulation.depositChain', [String(deposit.destinationChainId), String(expected.toChainId)]),
      );
    }
    if (!sameChainAddress(deposit.receiver, expected.recipient)) {
      return refuse(
        'SIM_DEPOSIT_MISMATCH',
        i18n.t('simulation.depositReceiver', [deposit.receiver, expected.recipient]),
      );
    }
    if (deposit.deliveredToken !== undefined && !sameChainAddress(deposit.deliveredToken, expected.toToken)) {
      return refuse(
        'SIM_DEPOSIT_MISMATCH',
        i18n.t('simulation.depositToken', [
          isNativeToken(deposit.deliveredToken) ? i18n.t('simulation.nativeCoin') : deposit.deliveredToken,
        ]),
      );
    }
    if (deposit.minDelivered !== undefined && deposit.minDelivered < expected.toAmountMin) {
      return refuse(
        'SIM_MINIMUM',
        i18n.t('simulation.receivesLess', [
          say(deposit.minDelivered, expected.toLabel, expected.toToken),
          say(expected.toAmountMin, expected.toLabel, expected.toToken),
        ]),
      );
    }
    const check = checkBridged(deposit, expected);
    if (!check.ok) return check;
  }
  return OK;
}

/**
 * With gas on arrival chosen, Gas.zip's deposit of it: on the devnet its router is the pinned bridge router, so it is
 * the one bridge deposit of the native coin, which must pay the native coin to the recipient on the chosen chain (how
 * much arrives is Gas.zip's promise; the guard held the part of the amount it comes from). Beside a transfer of the
 * native coin it could not be told from the transfer's own deposit, so it is not accepted there. On a LI.FI chain
 * Gas.zip's router logs nothing read here: the one payment of the native coin into its pinned router is the deposit
 * (checkGasZipPayment), whose receiver and chain the guard read from the periphery's calldata.
 */
function gasDeposit(
  effects: SimulatedEffects,
  deposits: readonly DepositEffect[],
  expected: EffectsExpectation,
): { ok: true; deposit?: DepositEffect } | { ok: false; code: GuardCode; reason: string } | undefined {
  if (!expected.gasOnArrival) return undefined;
  const native = deposits.filter(isDevnetGasDeposit);
  if (native.length === 0 && gasZipPayments(effects, expected).length === 1) return { ok: true };
  const gas = native[0];
  if (
    isNativeToken(expected.fromToken) ||
    native.length !== 1 ||
    deposits.length < 2 ||
    gas === undefined ||
    gas.deliveredToken === undefined ||
    !isNativeToken(gas.deliveredToken) ||
    gas.destinationChainId !== expected.toChainId ||
    !sameChainAddress(gas.receiver, expected.recipient)
  ) {
    return { ok: false, code: 'SIM_DEPOSIT_MISMATCH', reason: i18n.t('simulation.noGasDeposit') };
  }
  return { ok: true, deposit: gas };
}

/** What crosses: all of the chosen amount without a swap before, else at least what the route's swap promised. */
function checkBridged(deposit: DepositEffect, expected: EffectsExpectation): EffectsCheck {
  const plan = expected.plan;
  // Across deposits an ERC-20: the native coin crosses as the pool's wrapped token, which the plan does not name.
  if (deposit.kind !== 'across' && plan && !sameAddress(deposit.bridgedToken, plan.bridgeToken)) {
    return refuse('SIM_DEPOSIT_MISMATCH', i18n.t('simulation.bridgesOther', [deposit.bridgedToken]));
  }
  // Gas on arrival comes out of the amount before it crosses (never with a swap before the bridge).
  const least = plan?.minBridgeAmount ?? expected.fromAmount - (expected.gasOnArrival?.amount ?? 0n);
  if (deposit.bridgedAmount < least) {
    return refuse('SIM_MINIMUM', i18n.t('simulation.bridgesLess', [String(deposit.bridgedAmount), String(least)]));
  }
  return OK;
}

/**
 * Every asset that moves ends where the person's funds may rest, or at a counterparty that pays on into those (a
 * swap pool takes one token and pays another back). The resting places: the pinned routers, the bridge contracts
 * whose deposit was read, the account, and a same-chain swap's recipient.
 */
function checkWhereFundsEnd(
  effects: SimulatedEffects,
  expected: EffectsExpectation,
  handOff: HandOff | undefined,
): EffectsCheck {
  const good = new Set<string>([lower(expected.account), ...expected.routers.map(lower)]);
  // Gas on arrival chosen: Gas.zip's pinned router takes the native coin (checkGasZipPayment counts it), and what
  // it does with it after is Gas.zip's own.
  const gasRouter = pinnedGasZipRouter(expected);
  if (gasRouter) good.add(gasRouter);
  // The native coin may be wrapped on the way (Across's pool wraps a native deposit): the wrapped token holds it.
  const wrapped = ACROSS_WRAPPED_NATIVE[expected.chainId];
  if (wrapped) good.add(lower(wrapped));
  for (const deposit of effects.deposits) if (isBridgeDeposit(deposit, expected)) good.add(lower(deposit.emitter));
  // The contract whose own fee was proven (deBridge's DlnSource) keeps what it is paid: it is the bridge.
  const feePayee = expected.lifiFacet?.feePayee;
  if (feePayee) good.add(lower(feePayee));
  if (expected.toChainId === expected.chainId && /^0x[0-9a-fA-F]{40}$/.test(expected.recipient)) {
    good.add(lower(expected.recipient));
  }
  // After a LI.FI facet's hand-off, the diamond's payouts are the deposit (checkFacetDeposit weighs them) and what
  // the bridge's contracts do with them is the bridge's own: neither vouches for anyone here.
  const moves = (handOff ? effects.moves.filter((move) => !bridgeSide(move, handOff)) : effects.moves).filter(
    (move) => move.from !== gasRouter,
  );
  // A counterparty joins once it pays something to a place already accepted; repeat until nothing changes.
  for (let grew = true; grew; ) {
    grew = false;
    for (const move of moves) {
      if (good.has(move.to) && !good.has(move.from) && move.amount > 0n) {
        good.add(move.from);
        grew = true;
      }
    }
  }
  const stray = moves.find((move) => !good.has(move.to) && move.amount > 0n);
  if (!stray) return OK;
  return refuse(
    'SIM_PAID_ELSEWHERE',
    i18n.t('simulation.paidElsewhere', [
      isNativeToken(stray.token) ? i18n.t('simulation.nativeCoin') : stray.token,
      String(stray.amount),
      stray.to,
    ]),
  );
}

/** The devnet's Gas.zip: a deposit of the native coin in its bridge router (among the bridge deposits). */
const isDevnetGasDeposit = (d: DepositEffect) => d.kind === 'router' && isNativeToken(d.bridgedToken);

/** Gas.zip's router pinned on the source chain, when the person chose gas on arrival; else none is accepted. */
function pinnedGasZipRouter(expected: EffectsExpectation): string | undefined {
  const router = expected.gasOnArrival ? gasZipRouterOn(expected.chainId) : undefined;
  return router ? lower(router) : undefined;
}

/** What moves into Gas.zip's pinned router. */
function gasZipPayments(effects: SimulatedEffects, expected: EffectsExpectation) {
  const router = pinnedGasZipRouter(expected);
  return router ? effects.moves.filter((move) => move.to === router && move.amount > 0n) : [];
}

/**
 * Gas on arrival on a LI.FI chain: Gas.zip's router is paid once, in the native coin (the periphery's swap of the
 * chosen part), and nothing else. The devnet's Gas.zip is its bridge router, whose deposit checkDeposits reads.
 */
function checkGasZipPayment(effects: SimulatedEffects, expected: EffectsExpectation): EffectsCheck {
  if (!expected.gasOnArrival) return OK;
  const payments = gasZipPayments(effects, expected);
  const devnetDeposit = effects.deposits.some((d) => isBridgeDeposit(d, expected) && isDevnetGasDeposit(d));
  if (payments.length === 0 && devnetDeposit) return OK;
  if (payments.length !== 1 || !isNativeToken(payments[0]!.token)) {
    return refuse('SIM_DEPOSIT_MISMATCH', i18n.t('simulation.noGasDeposit'));
  }
  return OK;
}
