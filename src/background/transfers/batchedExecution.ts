import { decodeAbiParameters, decodeFunctionData, type Hex, parseAbi, parseAbiParameters, zeroAddress } from 'viem';
import { i18n } from '#i18n';
import type { SentTransactionRead } from '../../chains/rpcReader';
import type { ApprovedTransaction, Difference } from '../../model/transfer';

/**
 * A batch sent by a smart-account wallet (EIP-5792 through EIP-7702: MetaMask, Coinbase) lands as one transaction
 * from the person to their own account, whose call data carries the approved calls. sentCheck.ts reads it back
 * through this: the calls inside must be the approved ones, exactly, and nothing else.
 */

type InnerCall = { to: `0x${string}`; value: bigint; data: `0x${string}` };

const EXECUTE_ABI = parseAbi([
  // ERC-7821 (MetaMask's EIP-7702 delegator implements it with the ERC-7579 mode layout).
  'function execute(bytes32 mode, bytes executionData)',
  // Coinbase Smart Wallet (also behind its EIP-7702 proxy).
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);

/**
 * The two batch modes of ERC-7821: call type 0x01 (batch), exec type 0x00 (reverts as a whole: the atomicity the
 * batch was asked for), mode selector none or 0x78210001 (with opData, e.g. a relayer's signature; it does not
 * change the calls). "Try" execution, batches of batches and single calls are not what the flow sends: unknown.
 */
const BATCH_MODE = `0x01${'00'.repeat(31)}`;
const BATCH_MODE_WITH_OP_DATA = `0x01000000000078210001${'00'.repeat(22)}`;

const CALLS = parseAbiParameters('(address to, uint256 value, bytes data)[]');
const CALLS_WITH_OP_DATA = parseAbiParameters('(address to, uint256 value, bytes data)[], bytes');

/** The calls an execute/executeBatch call data carries for `account`; undefined when it is no shape known here. */
export function executedCalls(input: Hex, account: `0x${string}`): InnerCall[] | undefined {
  try {
    const call = decodeFunctionData({ abi: EXECUTE_ABI, data: input });
    if (call.functionName === 'executeBatch') {
      return call.args[0].map(({ target, value, data }) => ({ to: target, value, data }));
    }
    const [mode, executionData] = call.args;
    const layout =
      mode.toLowerCase() === BATCH_MODE
        ? CALLS
        : mode.toLowerCase() === BATCH_MODE_WITH_OP_DATA
          ? CALLS_WITH_OP_DATA
          : undefined;
    if (!layout) return undefined;
    const [calls] = decodeAbiParameters(layout, executionData);
    // ERC-7821: a call to the zero address is a call to the account itself.
    return calls.map(({ to, value, data }) => ({ to: to === zeroAddress ? account : to, value, data }));
  } catch {
    return undefined;
  }
}

const same = (a: InnerCall, b: InnerCall) =>
  a.to.toLowerCase() === b.to.toLowerCase() && a.data.toLowerCase() === b.data.toLowerCase() && a.value === b.value;

/** A call as a person can compare it: target, native value, call data cut short. */
const describe = ({ to, value, data }: InnerCall) =>
  `${to} · ${value} wei · ${data.length > 26 ? `${data.slice(0, 10)}…${data.slice(-8)}` : data}`;

/**
 * Undefined when the chain's copy is no batched execution of the person's own account (the caller compares it as
 * the approved call itself). Otherwise the ways the batch differs from what was approved, empty when it carries the
 * approved call exactly and nothing but calls approved with it (each once), in a new field, `batch call`, said in
 * words. The outer value moves nothing but from the account to itself; it may only be none or the calls' sum.
 */
export function batchedExecutionDifferences(
  approved: ApprovedTransaction,
  tx: NonNullable<SentTransactionRead['transaction']>,
): Difference[] | undefined {
  const account = approved.from;
  if (tx.to === null || tx.to.toLowerCase() !== account.toLowerCase()) return undefined;
  if (tx.from.toLowerCase() !== account.toLowerCase()) return undefined;
  const inner = executedCalls(tx.input, account);
  if (!inner) return undefined;

  const main: InnerCall = { to: approved.to, data: approved.data, value: BigInt(approved.value) };
  const others = (approved.batchedWith ?? []).map((c) => ({ to: c.to, data: c.data, value: BigInt(c.value) }));
  const unused = [main, ...others];
  const unapproved: InnerCall[] = [];
  for (const call of inner) {
    const i = unused.findIndex((candidate) => same(candidate, call));
    if (i === -1) unapproved.push(call);
    else unused.splice(i, 1);
  }
  // Set against each call not approved, the approved one it most likely replaced: the transfer first, if missing.
  const missingMain = unused.includes(main);
  const counterparts = missingMain ? unused : unused.filter((c) => c !== main);
  const differences: Difference[] = unapproved.map((call, i) => ({
    field: 'batch call',
    expected: counterparts[i] ? describe(counterparts[i]) : i18n.t('flagged.noCall'),
    actual: describe(call),
  }));
  if (missingMain && unapproved.length === 0) {
    differences.push({ field: 'batch call', expected: describe(main), actual: i18n.t('flagged.noCall') });
  }
  const sum = inner.reduce((total, call) => total + call.value, 0n);
  if (tx.value !== 0n && tx.value !== sum) {
    differences.push({ field: 'value', expected: sum.toString(), actual: tx.value.toString() });
  }
  return differences;
}
