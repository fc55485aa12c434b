import { isNativeToken, parseQuantity } from '../schemas/primitives';
import type { BridgePlan } from './choice';
import { sameAddress } from './choice';
import type { GuardCode } from './errors';
import { routerFamilyAt } from './routers/registry';
import type { DecodedRouterCall } from './routers/types';

/**
 * Pure checks run on every transaction before the wallet is asked to sign it. The service is not trusted to
 * return what it quoted: a compromised or buggy service could send funds elsewhere, ask for more, or lower the
 * minimum. The reference is what the person chose on screen; the call is decoded by its router family
 * (src/wallet/routers/) and compared with that choice field by field. Each refusal carries a reason a person can read.
 */

export type GuardResult = { ok: true } | { ok: false; code: GuardCode; reason: string };

/** What the person chose, captured from the form when routes were asked for (never re-read from the service). */
export type ChosenTransfer = {
  fromChainId: number;
  toChainId: number;
  fromToken: `0x${string}`;
  toToken: `0x${string}`;
  fromAmount: bigint;
  account: `0x${string}`;
  recipient: `0x${string}`;
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
    return refuse(
      'CHAIN_MISMATCH',
      `the transaction is for chain ${String(tx.chainId)}, the transfer starts on chain ${chosen.fromChainId}.`,
    );
  }
  if (!sameAddress(tx.from, chosen.account)) {
    return refuse('FROM_MISMATCH', `the transaction would be sent from ${tx.from}, not from your connected account.`);
  }
  if (chosen.target && !sameAddress(tx.to, chosen.target)) {
    return refuse(
      'UNKNOWN_TARGET',
      `the transaction calls ${tx.to}, not the contract the route named (${chosen.target}).`,
    );
  }
  return OK;
}

export function checkStepTransaction(tx: CandidateTransaction, chosen: ChosenTransfer): GuardResult {
  const envelope = checkEnvelope(tx, chosen);
  if (!envelope.ok) return envelope;
  const family = routerFamilyAt(chosen.fromChainId, tx.to);
  if (!family) {
    return refuse(
      'UNKNOWN_TARGET',
      `the route names an unknown contract (${tx.to}): it is not a router the extension knows on chain ${chosen.fromChainId}.`,
    );
  }

  const value = readValue(tx.value);
  const native = isNativeToken(chosen.fromToken);
  if (value === undefined) return refuse('VALUE_MISMATCH', 'the transaction value is not a number.');
  if (native && value !== chosen.fromAmount) {
    return refuse(
      'VALUE_MISMATCH',
      `the transaction sends ${value} wei of the native coin instead of ${chosen.fromAmount}.`,
    );
  }
  if (!native && value !== 0n) {
    return refuse('VALUE_MISMATCH', 'the transaction also sends native coin although you are sending a token.');
  }

  if (!/^0x([0-9a-fA-F]{2})+$/.test(tx.data)) {
    return refuse('EMPTY_CALLDATA', 'the transaction has no call data, so it would not do the transfer.');
  }
  const decoded = family.decode(tx.data as `0x${string}`, chosen.fromChainId);
  if (!decoded.ok) return refuse('UNDECODABLE_CALLDATA', decoded.reason);
  return checkDecodedCall(decoded.call, chosen);
}

/** The decoded call against the choice, whatever the router family. */
export function checkDecodedCall(call: DecodedRouterCall, chosen: ChosenTransfer): GuardResult {
  const crossChain = chosen.fromChainId !== chosen.toChainId;
  if (call.kind !== (crossChain ? 'bridge' : 'swap')) {
    return refuse(
      'WRONG_FUNCTION',
      `the transaction calls ${call.functionName}, which is not a ${crossChain ? 'bridge' : 'swap'} as the route says.`,
    );
  }
  if (!sameAddress(call.sendingToken, chosen.fromToken)) {
    return refuse('TOKEN_MISMATCH', `the transaction spends token ${call.sendingToken}, not the one you chose.`);
  }
  if (call.amountIn !== chosen.fromAmount) {
    return refuse('AMOUNT_MISMATCH', `the transaction spends ${call.amountIn} units instead of ${chosen.fromAmount}.`);
  }
  if (call.destinationChainId !== chosen.toChainId) {
    return refuse(
      'DESTINATION_MISMATCH',
      `the transaction bridges to chain ${call.destinationChainId}, not ${chosen.toChainId}.`,
    );
  }
  if (!sameAddress(call.receiver, chosen.recipient)) {
    return refuse('RECIPIENT_MISMATCH', `the funds would go to ${call.receiver}, not to ${chosen.recipient}.`);
  }
  if (!call.receivingToken) {
    return refuse('TOKEN_MISMATCH', 'the transaction does not say which token you would receive.');
  }
  if (!sameAddress(call.receivingToken, chosen.toToken)) {
    return refuse('TOKEN_MISMATCH', `the transaction delivers token ${call.receivingToken}, not the one you chose.`);
  }
  if (call.hasDestinationCall) {
    return refuse(
      'DESTINATION_CALL',
      'the transaction would also run a contract call on the destination chain, which this transfer does not need.',
    );
  }
  if (call.minAmountOut === undefined) {
    return refuse('MINIMUM_TOO_LOW', 'the transaction does not guarantee any minimum received.');
  }
  if (call.minAmountOut < chosen.toAmountMin) {
    return refuse(
      'MINIMUM_TOO_LOW',
      `the guaranteed minimum (${call.minAmountOut}) is below the ${chosen.toAmountMin} you accepted.`,
    );
  }
  return checkFamilyFields(call, chosen);
}

/** Value-moving fields only some families have (named in `extra` as in their ABI). */
function checkFamilyFields(call: DecodedRouterCall, chosen: ChosenTransfer): GuardResult {
  const extra = call.extra ?? {};
  if (typeof extra.refundAddress === 'string' && !sameAddress(extra.refundAddress, chosen.account)) {
    return refuse('REFUND_MISMATCH', `a failed bridge would refund ${extra.refundAddress}, not your account.`);
  }
  if (call.functionName !== 'startBridge') return OK;
  // The devnet router: what crosses, what the relayer pays out, and what it aims to deliver.
  const bridgeToken = String(extra.bridgeToken);
  const dstBridgeToken = String(extra.dstBridgeToken);
  const minBridgeAmount = extra.minBridgeAmount as bigint;
  const dstAmount = extra.dstAmount as bigint;
  const plan = chosen.plan ?? { bridgeToken: chosen.fromToken, dstBridgeToken: chosen.toToken };
  if (!sameAddress(bridgeToken, plan.bridgeToken)) {
    return refuse(
      'TOKEN_MISMATCH',
      `the transaction bridges token ${bridgeToken}, not the one the route crosses with.`,
    );
  }
  if (!sameAddress(dstBridgeToken, plan.dstBridgeToken)) {
    return refuse(
      'TOKEN_MISMATCH',
      `the transaction is paid out of token ${dstBridgeToken} on the destination, not the one the route crosses with.`,
    );
  }
  if (sameAddress(bridgeToken, chosen.fromToken)) {
    // No swap before the bridge: everything taken crosses; a larger minimum could only make it fail.
    if (minBridgeAmount > chosen.fromAmount) {
      return refuse(
        'AMOUNT_MISMATCH',
        `the transaction expects ${minBridgeAmount} units to cross, more than you send.`,
      );
    }
  } else if (plan.minBridgeAmount === undefined || minBridgeAmount < plan.minBridgeAmount) {
    return refuse(
      'MINIMUM_TOO_LOW',
      `the swap before bridging is guaranteed only ${minBridgeAmount}, below the ${plan.minBridgeAmount ?? 'unknown'} the route allows.`,
    );
  }
  if (dstAmount < call.minAmountOut! || dstAmount < chosen.toAmountMin) {
    return refuse('MINIMUM_TOO_LOW', `the bridge would deliver only ${dstAmount}, below the minimum you accepted.`);
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
    return refuse('CHAIN_MISMATCH', `the approval is for chain ${String(tx.chainId)}, not ${expected.chainId}.`);
  }
  if (!sameAddress(tx.from, expected.account)) {
    return refuse('FROM_MISMATCH', 'the approval would be sent from another account.');
  }
  if (!sameAddress(tx.to, expected.token))
    return refuse('APPROVAL_TOKEN', `the approval targets ${tx.to}, not the token.`);
  if (readValue(tx.value) !== 0n) return refuse('VALUE_MISMATCH', 'an approval must not send native coin.');
  const data = tx.data.toLowerCase();
  if (!data.startsWith(APPROVE_SELECTOR) || data.length !== 10 + 128) {
    return refuse('UNDECODABLE_CALLDATA', 'the approval call data is not a plain approve(spender, amount).');
  }
  const spender = `0x${data.slice(10 + 24, 10 + 64)}`;
  if (!/^0{24}$/.test(data.slice(10, 10 + 24)) || !sameAddress(spender, expected.spender)) {
    return refuse('APPROVAL_SPENDER', `the approval names spender ${spender}, not the route's ${expected.spender}.`);
  }
  if (!routerFamilyAt(expected.chainId, expected.spender)) {
    return refuse('APPROVAL_SPENDER', `the route asks to approve an unknown contract (${expected.spender}).`);
  }
  const amount = BigInt(`0x${data.slice(10 + 64)}`);
  if (amount === MAX_UINT256 && !expected.allowUnlimited) {
    return refuse('APPROVAL_AMOUNT', 'the approval is unlimited; only the exact amount is approved unless you ask.');
  }
  if (amount !== expected.amount && !(expected.allowUnlimited && amount === MAX_UINT256)) {
    return refuse('APPROVAL_AMOUNT', `the approval is for ${amount} units instead of exactly ${expected.amount}.`);
  }
  return OK;
}
