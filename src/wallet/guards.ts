import { decodeFunctionData, isAddressEqual } from 'viem';
import { ROUTER_ADDRESS, routerAbi } from '../contracts/router';
import { isNativeToken, parseQuantity } from '../schemas/primitives';
import type { GuardCode } from './errors';

/**
 * Pure checks run on every transaction before the wallet is asked to sign it. The service is not trusted to
 * return what it quoted: a compromised or buggy service could send funds elsewhere, ask for more, or lower the
 * minimum. Each refusal carries a reason a person can read.
 */

export type GuardResult = { ok: true } | { ok: false; code: GuardCode; reason: string };

/** What the person chose, captured when they pressed the button (not re-read from the service's answer). */
export type ChosenTransfer = {
  fromChainId: number;
  toChainId: number;
  fromToken: `0x${string}`;
  toToken: `0x${string}`;
  fromAmount: bigint;
  account: `0x${string}`;
  recipient: `0x${string}`;
  /** Minimum received the person agreed to (the route's, or a newer one they accepted). */
  toAmountMin: bigint;
  /** Contract the route named (approval address / router). */
  target: `0x${string}`;
};

/** Transaction as the service returned it (step transaction) or as we built it (approval). */
export type CandidateTransaction = {
  chainId: string | number;
  from: string;
  to: string;
  data: string;
  value: string;
};

/** Contracts the extension knows how to decode; anything else is refused rather than signed blind. */
export const KNOWN_ROUTERS: readonly `0x${string}`[] = [ROUTER_ADDRESS];

const refuse = (code: GuardCode, reason: string): GuardResult => ({ ok: false, code, reason });
const isHexAddress = (s: string): s is `0x${string}` => /^0x[0-9a-fA-F]{40}$/.test(s);
const same = (a: string, b: string) => isHexAddress(a) && isHexAddress(b) && isAddressEqual(a, b);

function readValue(value: string): bigint | undefined {
  try {
    return parseQuantity(value);
  } catch {
    return undefined;
  }
}

/** Checks that apply to every transaction: chain, sender and target. */
function checkEnvelope(tx: CandidateTransaction, chainId: number, account: string, target: string): GuardResult {
  const txChain = typeof tx.chainId === 'number' ? tx.chainId : Number(tx.chainId);
  if (txChain !== chainId) {
    return refuse(
      'CHAIN_MISMATCH',
      `the transaction is for chain ${String(tx.chainId)}, the transfer starts on chain ${chainId}.`,
    );
  }
  if (!same(tx.from, account)) {
    return refuse('FROM_MISMATCH', `the transaction would be sent from ${tx.from}, not from your connected account.`);
  }
  if (!same(tx.to, target)) {
    return refuse('UNKNOWN_TARGET', `the transaction calls ${tx.to}, not the contract the route named (${target}).`);
  }
  if (!KNOWN_ROUTERS.some((router) => same(router, target))) {
    return refuse('UNKNOWN_TARGET', `the route names an unknown contract (${target}).`);
  }
  return { ok: true };
}

export function checkStepTransaction(tx: CandidateTransaction, chosen: ChosenTransfer): GuardResult {
  const envelope = checkEnvelope(tx, chosen.fromChainId, chosen.account, chosen.target);
  if (!envelope.ok) return envelope;

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
  let decoded: ReturnType<typeof decodeFunctionData<typeof routerAbi>>;
  try {
    decoded = decodeFunctionData({ abi: routerAbi, data: tx.data as `0x${string}` });
  } catch {
    return refuse('UNDECODABLE_CALLDATA', 'the transaction call data is not a transfer the extension can read.');
  }

  const crossChain = chosen.fromChainId !== chosen.toChainId;
  if (decoded.functionName === 'swap' && !crossChain) {
    const [tokenIn, tokenOut, amountIn, minAmountOut, recipient] = decoded.args;
    return checkFields({
      tokenIn,
      amountIn,
      outToken: tokenOut,
      minimum: minAmountOut,
      recipient,
      chosen,
    });
  }
  if (decoded.functionName === 'startBridge' && crossChain) {
    const [params] = decoded.args;
    if (params.dstChainId !== BigInt(chosen.toChainId)) {
      return refuse(
        'DESTINATION_MISMATCH',
        `the transaction bridges to chain ${params.dstChainId}, not ${chosen.toChainId}.`,
      );
    }
    return checkFields({
      tokenIn: params.tokenIn,
      amountIn: params.amountIn,
      outToken: params.dstToken,
      minimum: params.minDstAmount,
      recipient: params.recipient,
      chosen,
    });
  }
  return refuse(
    'WRONG_FUNCTION',
    `the transaction calls ${decoded.functionName}, which is not a ${crossChain ? 'bridge' : 'swap'} as the route says.`,
  );
}

function checkFields(fields: {
  tokenIn: string;
  amountIn: bigint;
  outToken: string;
  minimum: bigint;
  recipient: string;
  chosen: ChosenTransfer;
}): GuardResult {
  const { chosen } = fields;
  if (!same(fields.tokenIn, chosen.fromToken)) {
    return refuse('TOKEN_MISMATCH', `the transaction spends token ${fields.tokenIn}, not the one you chose.`);
  }
  if (fields.amountIn !== chosen.fromAmount) {
    return refuse(
      'AMOUNT_MISMATCH',
      `the transaction spends ${fields.amountIn} units instead of ${chosen.fromAmount}.`,
    );
  }
  if (!same(fields.outToken, chosen.toToken)) {
    return refuse('TOKEN_MISMATCH', `the transaction delivers token ${fields.outToken}, not the one you chose.`);
  }
  if (!same(fields.recipient, chosen.recipient)) {
    return refuse('RECIPIENT_MISMATCH', `the funds would go to ${fields.recipient}, not to ${chosen.recipient}.`);
  }
  if (fields.minimum < chosen.toAmountMin) {
    return refuse(
      'MINIMUM_TOO_LOW',
      `the guaranteed minimum (${fields.minimum}) is below the ${chosen.toAmountMin} you accepted.`,
    );
  }
  return { ok: true };
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

/** An approval must go to the token, name the route's spender, and approve exactly the amount. */
export function checkApproval(tx: CandidateTransaction, expected: ExpectedApproval): GuardResult {
  const txChain = typeof tx.chainId === 'number' ? tx.chainId : Number(tx.chainId);
  if (txChain !== expected.chainId) {
    return refuse('CHAIN_MISMATCH', `the approval is for chain ${String(tx.chainId)}, not ${expected.chainId}.`);
  }
  if (!same(tx.from, expected.account)) {
    return refuse('FROM_MISMATCH', 'the approval would be sent from another account.');
  }
  if (!same(tx.to, expected.token)) return refuse('APPROVAL_TOKEN', `the approval targets ${tx.to}, not the token.`);
  if (readValue(tx.value) !== 0n) return refuse('VALUE_MISMATCH', 'an approval must not send native coin.');
  const data = tx.data.toLowerCase();
  if (!data.startsWith(APPROVE_SELECTOR) || data.length !== 10 + 128) {
    return refuse('UNDECODABLE_CALLDATA', 'the approval call data is not a plain approve(spender, amount).');
  }
  const spender = `0x${data.slice(10 + 24, 10 + 64)}`;
  if (!/^0{24}$/.test(data.slice(10, 10 + 24)) || !same(spender, expected.spender)) {
    return refuse('APPROVAL_SPENDER', `the approval names spender ${spender}, not the route's ${expected.spender}.`);
  }
  if (!KNOWN_ROUTERS.some((router) => same(router, expected.spender))) {
    return refuse('APPROVAL_SPENDER', `the route asks to approve an unknown contract (${expected.spender}).`);
  }
  const amount = BigInt(`0x${data.slice(10 + 64)}`);
  if (amount === MAX_UINT256 && !expected.allowUnlimited) {
    return refuse('APPROVAL_AMOUNT', 'the approval is unlimited; only the exact amount is approved unless you ask.');
  }
  if (amount !== expected.amount && !(expected.allowUnlimited && amount === MAX_UINT256)) {
    return refuse('APPROVAL_AMOUNT', `the approval is for ${amount} units instead of exactly ${expected.amount}.`);
  }
  return { ok: true };
}
