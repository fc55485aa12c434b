import { i18n } from '#i18n';
import { sameChainAddress } from '../lib/addresses';
import type { TransferChoice } from '../model/choice';
import { isNativeToken, parseQuantity } from '../schemas/primitives';
import type { BridgePlan } from './choice';
import { sameAddress } from './choice';
import type { GuardCode } from './errors';
import { routerFamilyAt } from './routers/registry';
import type { DecodedRouterCall, PromisedFigure } from './routers/types';

/**
 * Pure checks run on every transaction before the wallet is asked to sign it. The service is not trusted to
 * return what it quoted: a compromised or buggy service could send funds elsewhere, ask for more, or lower the
 * minimum. The reference is what the person chose on screen; the call is decoded by its router family
 * (src/checks/routers/) and compared with that choice field by field. Each refusal carries a reason a person can read.
 */

export type GuardResult = { ok: true } | { ok: false; code: GuardCode; reason: string };

/**
 * What the guards check a transaction against: the person's choice (TransferChoice, src/model/choice.ts: chains,
 * tokens, exact amounts), as signed for, with what signing settles beside it. Derived from the choice, not merged
 * into it: the account and receiver are required here where the choice may leave them open, and the floor, target
 * and plan come from the route as checked against the choice, never from the person. Built in one place,
 * preparedStep (src/signing/preparedStep.ts), shared by the review's preview and the signing flow.
 */
export type ChosenTransfer = Pick<
  TransferChoice,
  'fromChainId' | 'toChainId' | 'fromToken' | 'toToken' | 'fromAmount' | 'fromAmountForGas'
> & {
  account: `0x${string}`;
  /** A 0x address, or a base58 key on Solana. */
  recipient: string;
  /** Least the person must receive: the minimum they were shown, or a newer one they accepted (rate.ts). */
  toAmountMin: bigint;
  /** Contract the route named (approval address); it must also be a router pinned for the chain. */
  target?: `0x${string}`;
  /** The bridge in the middle, from the verified steps, for routers that name it (choice.ts `bridgePlan`). */
  plan?: BridgePlan;
};

/** Transaction as the service returned it (step transaction) or as we built it (approval). */
export type CandidateTransaction = {
  chainId: string | number;
  from: string;
  to: string;
  data: string;
  value: string;
};

const refuse = (code: GuardCode, reason: string): GuardResult => ({ ok: false, code, reason });
const OK: GuardResult = { ok: true };

function readValue(value: string): bigint | undefined {
  try {
    return parseQuantity(value);
  } catch {
    return undefined;
  }
}

/** Checks that apply to every transaction: chain, sender and a router pinned for that chain. */
function checkEnvelope(tx: CandidateTransaction, chosen: ChosenTransfer): GuardResult {
  const txChain = typeof tx.chainId === 'number' ? tx.chainId : Number(tx.chainId);
  if (txChain !== chosen.fromChainId) {
    return refuse('CHAIN_MISMATCH', i18n.t('guard.chain', [String(tx.chainId), String(chosen.fromChainId)]));
  }
  if (!sameAddress(tx.from, chosen.account)) {
    return refuse('FROM_MISMATCH', i18n.t('guard.from', [tx.from]));
  }
  if (chosen.target && !sameAddress(tx.to, chosen.target)) {
    return refuse('UNKNOWN_TARGET', i18n.t('guard.target', [tx.to, chosen.target]));
  }
  return OK;
}

export function checkStepTransaction(tx: CandidateTransaction, chosen: ChosenTransfer): GuardResult {
  const envelope = checkEnvelope(tx, chosen);
  if (!envelope.ok) return envelope;
  const family = routerFamilyAt(chosen.fromChainId, tx.to);
  if (!family) {
    return refuse('UNKNOWN_TARGET', i18n.t('guard.unknownRouter', [tx.to, String(chosen.fromChainId)]));
  }

  const value = readValue(tx.value);
  if (value === undefined) return refuse('VALUE_MISMATCH', i18n.t('guard.valueNaN'));

  if (!/^0x([0-9a-fA-F]{2})+$/.test(tx.data)) {
    return refuse('EMPTY_CALLDATA', i18n.t('guard.noCalldata'));
  }
  const decoded = family.decode(tx.data as `0x${string}`, chosen.fromChainId);
  if (!decoded.ok) return refuse('UNDECODABLE_CALLDATA', decoded.reason);
  const valueCheck = checkValue(value, decoded.call, chosen);
  if (!valueCheck.ok) return valueCheck;
  return checkDecodedCall(decoded.call, chosen);
}

/**
 * The native coin the transaction carries: the amount when the native coin is sent, plus the bridge's fee its
 * calldata names (Stargate's LayerZero fee, Glacis' Airlift fee), nothing else. A fee the facet reads on chain
 * (deBridge's fixed fee on a token order) is not in the calldata: any value on top is then the bridge's promise,
 * held by the simulation of what leaves the account.
 */
function checkValue(value: bigint, call: DecodedRouterCall, chosen: ChosenTransfer): GuardResult {
  const native = isNativeToken(chosen.fromToken);
  const fee = call.nativeFee ?? 0n;
  const expected = (native ? chosen.fromAmount : 0n) + fee;
  if (value === expected) return OK;
  if (call.promised?.includes('nativeFee') && value > expected) return OK;
  if (fee > 0n) return refuse('VALUE_MISMATCH', i18n.t('guard.valueFee', [String(value), String(expected)]));
  return native
    ? refuse('VALUE_MISMATCH', i18n.t('guard.valueNative', [String(value), String(chosen.fromAmount)]))
    : refuse('VALUE_MISMATCH', i18n.t('guard.valueOnToken'));
}

/**
 * The figures of a step transaction that only the bridge's own quote holds (DecodedRouterCall.promised), for the
 * review to name; none when the call cannot be decoded (the guard refuses it anyway).
 */
export function promisedFigures(tx: CandidateTransaction, chainId: number): readonly PromisedFigure[] {
  const family = routerFamilyAt(chainId, tx.to);
  if (!family || !/^0x([0-9a-fA-F]{2})+$/.test(tx.data)) return [];
  const decoded = family.decode(tx.data as `0x${string}`, chainId);
  return decoded.ok ? (decoded.call.promised ?? []) : [];
}

/** The decoded call against the choice, whatever the router family. */
export function checkDecodedCall(call: DecodedRouterCall, chosen: ChosenTransfer): GuardResult {
  const crossChain = chosen.fromChainId !== chosen.toChainId;
  if (call.kind !== (crossChain ? 'bridge' : 'swap')) {
    return refuse(
      'WRONG_FUNCTION',
      crossChain ? i18n.t('guard.notBridge', [call.functionName]) : i18n.t('guard.notSwap', [call.functionName]),
    );
  }
  if (!sameAddress(call.sendingToken, chosen.fromToken)) {
    return refuse('TOKEN_MISMATCH', i18n.t('guard.spendsToken', [call.sendingToken]));
  }
  if (call.amountIn !== chosen.fromAmount) {
    return refuse('AMOUNT_MISMATCH', i18n.t('guard.spendsAmount', [String(call.amountIn), String(chosen.fromAmount)]));
  }
  if (call.destinationChainId !== chosen.toChainId) {
    return refuse(
      'DESTINATION_MISMATCH',
      i18n.t('guard.destination', [String(call.destinationChainId), String(chosen.toChainId)]),
    );
  }
  if (!sameChainAddress(call.receiver, chosen.recipient)) {
    return refuse('RECIPIENT_MISMATCH', i18n.t('guard.recipient', [call.receiver, chosen.recipient]));
  }
  const gas = checkGasOnArrival(call, chosen);
  if (!gas.ok) return gas;
  // A figure the bridge's own quote holds and the calldata does not carry cannot be compared: the review names it
  // as the bridge's promise. One the calldata does carry is compared, promised or not.
  const promised = (figure: PromisedFigure) => call.promised?.includes(figure) ?? false;
  if (!call.receivingToken) {
    if (!promised('receivingToken')) return refuse('TOKEN_MISMATCH', i18n.t('guard.noReceivingToken'));
  } else if (!sameChainAddress(call.receivingToken, chosen.toToken)) {
    return refuse(
      'TOKEN_MISMATCH',
      isNativeToken(call.receivingToken)
        ? i18n.t('guard.deliversNative')
        : i18n.t('guard.deliversToken', [call.receivingToken]),
    );
  }
  if (call.hasDestinationCall) {
    return refuse('DESTINATION_CALL', i18n.t('guard.destinationCall'));
  }
  if (call.minAmountOut === undefined) {
    if (!promised('minAmountOut')) return refuse('MINIMUM_TOO_LOW', i18n.t('guard.noMinimum'));
  } else if (call.minAmountOut < chosen.toAmountMin) {
    return refuse(
      'MINIMUM_TOO_LOW',
      i18n.t('guard.minimumLow', [String(call.minAmountOut), String(chosen.toAmountMin)]),
    );
  }
  return checkFamilyFields(call, chosen);
}

/**
 * Gas on arrival (src/checks/routers/lifi/gasOnArrival.ts) is part of the amount that does not cross as the chosen
 * token: only exactly the part the person chose, paid to the receiver they chose. Which chain Gas.zip pays on is its
 * own id, and how much arrives its own quote: both are Gas.zip's promise.
 */
function checkGasOnArrival(call: DecodedRouterCall, chosen: ChosenTransfer): GuardResult {
  const gas = call.gasOnArrival;
  const chosenGas = chosen.fromAmountForGas;
  if (!gas) return chosenGas === undefined ? OK : refuse('GAS_MISMATCH', i18n.t('guard.gasMissing'));
  if (chosenGas === undefined) return refuse('GAS_MISMATCH', i18n.t('guard.gasNotChosen', [String(gas.amount)]));
  if (gas.amount !== chosenGas) {
    return refuse('GAS_MISMATCH', i18n.t('guard.gasAmount', [String(gas.amount), String(chosenGas)]));
  }
  if (!sameChainAddress(gas.receiver, chosen.recipient)) {
    return refuse('GAS_MISMATCH', i18n.t('guard.gasReceiver', [gas.receiver, chosen.recipient]));
  }
  return OK;
}

/** Value-moving fields only some families have (named in `extra` as in their ABI). */
function checkFamilyFields(call: DecodedRouterCall, chosen: ChosenTransfer): GuardResult {
  const extra = call.extra ?? {};
  if (typeof extra.refundAddress === 'string' && !sameAddress(extra.refundAddress, chosen.account)) {
    return refuse('REFUND_MISMATCH', i18n.t('guard.refund', [String(extra.refundAddress)]));
  }
  if (call.functionName !== 'startBridge' && call.functionName !== 'startBridgeToNonEvm') return OK;
  // The devnet router: what crosses, what the relayer pays out, and what it aims to deliver.
  const bridgeToken = String(extra.bridgeToken);
  const dstBridgeToken = String(extra.dstBridgeToken);
  const minBridgeAmount = extra.minBridgeAmount as bigint;
  const dstAmount = extra.dstAmount as bigint;
  const plan = chosen.plan ?? { bridgeToken: chosen.fromToken, dstBridgeToken: chosen.toToken };
  if (!sameAddress(bridgeToken, plan.bridgeToken)) {
    return refuse('TOKEN_MISMATCH', i18n.t('guard.bridgeToken', [bridgeToken]));
  }
  if (!sameChainAddress(dstBridgeToken, plan.dstBridgeToken)) {
    return refuse('TOKEN_MISMATCH', i18n.t('guard.payoutToken', [dstBridgeToken]));
  }
  if (sameAddress(bridgeToken, chosen.fromToken)) {
    // No swap before the bridge: everything taken crosses; a larger minimum could only make it fail.
    if (minBridgeAmount > chosen.fromAmount) {
      return refuse('AMOUNT_MISMATCH', i18n.t('guard.crossMore', [String(minBridgeAmount)]));
    }
  } else if (plan.minBridgeAmount === undefined || minBridgeAmount < plan.minBridgeAmount) {
    return refuse(
      'MINIMUM_TOO_LOW',
      i18n.t('guard.swapMinimum', [
        String(minBridgeAmount),
        plan.minBridgeAmount === undefined ? i18n.t('guard.unknown') : String(plan.minBridgeAmount),
      ]),
    );
  }
  if (dstAmount < call.minAmountOut! || dstAmount < chosen.toAmountMin) {
    return refuse('MINIMUM_TOO_LOW', i18n.t('guard.deliverLow', [String(dstAmount)]));
  }
  return OK;
}

const APPROVE_SELECTOR = '0x095ea7b3';
const MAX_UINT256 = 2n ** 256n - 1n;

export type ExpectedApproval = {
  chainId: number;
  account: `0x${string}`;
  token: `0x${string}`;
  spender: `0x${string}`;
  /** Exact amount; 0 for the reset some tokens (USDT) need before a new approval. */
  amount: bigint;
  /** Only when the person explicitly asked for an unlimited approval. */
  allowUnlimited?: boolean;
};

/** An approval must go to the token, name a router pinned for the chain, and approve exactly the amount. */
export function checkApproval(tx: CandidateTransaction, expected: ExpectedApproval): GuardResult {
  const txChain = typeof tx.chainId === 'number' ? tx.chainId : Number(tx.chainId);
  if (txChain !== expected.chainId) {
    return refuse('CHAIN_MISMATCH', i18n.t('guard.approvalChain', [String(tx.chainId), String(expected.chainId)]));
  }
  if (!sameAddress(tx.from, expected.account)) {
    return refuse('FROM_MISMATCH', i18n.t('guard.approvalFrom'));
  }
  if (!sameAddress(tx.to, expected.token)) return refuse('APPROVAL_TOKEN', i18n.t('guard.approvalToken', [tx.to]));
  if (readValue(tx.value) !== 0n) return refuse('VALUE_MISMATCH', i18n.t('guard.approvalValue'));
  const data = tx.data.toLowerCase();
  if (!data.startsWith(APPROVE_SELECTOR) || data.length !== 10 + 128) {
    return refuse('UNDECODABLE_CALLDATA', i18n.t('guard.approvalCalldata'));
  }
  const spender = `0x${data.slice(10 + 24, 10 + 64)}`;
  if (!/^0{24}$/.test(data.slice(10, 10 + 24)) || !sameAddress(spender, expected.spender)) {
    return refuse('APPROVAL_SPENDER', i18n.t('guard.approvalSpender', [spender, expected.spender]));
  }
  if (!routerFamilyAt(expected.chainId, expected.spender)) {
    return refuse('APPROVAL_SPENDER', i18n.t('guard.approvalUnknownSpender', [expected.spender]));
  }
  const amount = BigInt(`0x${data.slice(10 + 64)}`);
  if (amount === MAX_UINT256 && !expected.allowUnlimited) {
    return refuse('APPROVAL_AMOUNT', i18n.t('guard.approvalUnlimited'));
  }
  if (amount !== expected.amount && !(expected.allowUnlimited && amount === MAX_UINT256)) {
    return refuse('APPROVAL_AMOUNT', i18n.t('guard.approvalAmount', [String(amount), String(expected.amount)]));
  }
  return OK;
}
