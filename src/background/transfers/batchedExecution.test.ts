import { encodeAbiParameters, encodeFunctionData, type Hex, parseAbi, parseAbiParameters } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainTransaction } from '../../chains/rpcReader';
import { describeDifference } from '../../format/flaggedText';
import type { ApprovedTransaction } from '../../model/transfer';
import { executedCalls } from './batchedExecution';
import { compareSent } from './sentCheck';

/**
 * A smart-account wallet's batch read back on chain: one transaction from the person to their own account (EIP-7702)
 * whose call data carries the approval and the transfer. Call data encoded here the way each account's code decodes
 * it, independently of the module's own ABI.
 */

const PERSON = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const ROUTER = '0xB71D6e00000000000000000000000000000c0de1' as const;
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const ATTACKER = '0x000000000000000000000000000000000000dEaD' as const;
const CONTRACT = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B' as const;
const HASH = `0x${'ab'.repeat(32)}` as const;

type Call = { to: `0x${string}`; value: bigint; data: Hex };
const approveData = (spender: `0x${string}`, amount: bigint) =>
  encodeFunctionData({
    abi: parseAbi(['function approve(address spender, uint256 amount)']),
    args: [spender, amount],
  });
const stepData = (recipient: `0x${string}`) => `0x12345678${recipient.slice(2).toLowerCase().padStart(64, '0')}` as Hex;

const APPROVAL: Call = { to: TOKEN, value: 0n, data: approveData(ROUTER, 1_000_000n) };
const STEP: Call = { to: ROUTER, value: 5n, data: stepData(PERSON) };
const APPROVED: ApprovedTransaction = {
  chainId: 1,
  from: PERSON,
  to: STEP.to,
  data: STEP.data,
  value: '5',
  batchedWith: [{ to: APPROVAL.to, data: APPROVAL.data, value: '0' }],
};

const ERC7821 = parseAbi(['function execute(bytes32 mode, bytes executionData)']);
const BATCH_MODE = `0x01${'00'.repeat(31)}` as Hex;
const OP_DATA_MODE = `0x01000000000078210001${'00'.repeat(22)}` as Hex;
const CALLS = parseAbiParameters('(address to, uint256 value, bytes data)[]');

const shapes: [string, (calls: Call[]) => Hex][] = [
  [
    'ERC-7821 batch (MetaMask delegator)',
    (calls) => encodeFunctionData({ abi: ERC7821, args: [BATCH_MODE, encodeAbiParameters(CALLS, [calls])] }),
  ],
  [
    'ERC-7821 batch with opData',
    (calls) =>
      encodeFunctionData({
        abi: ERC7821,
        args: [
          OP_DATA_MODE,
          encodeAbiParameters(parseAbiParameters('(address to, uint256 value, bytes data)[], bytes'), [
            calls,
            `0x${'5a'.repeat(65)}`,
          ]),
        ],
      }),
  ],
  [
    'Coinbase Smart Wallet executeBatch',
    (calls) =>
      encodeFunctionData({
        abi: parseAbi(['function executeBatch((address target, uint256 value, bytes data)[] calls)']),
        args: [calls.map(({ to, value, data }) => ({ target: to, value, data }))],
      }),
  ],
];

const sentBatch = (input: Hex, over: Partial<ChainTransaction> = {}): ChainTransaction => ({
  hash: HASH,
  from: PERSON,
  to: PERSON,
  input,
  value: 0n,
  chainId: 1,
  blockNumber: 7n,
  ...over,
});
const compare = (tx: ChainTransaction, approved = APPROVED) => compareSent(approved, HASH, tx);

describe.each(shapes)('a batch read back as %s', (_, encode) => {
  it('is the approved transfer when it carries the approved approval and transfer exactly', () => {
    expect(compare(sentBatch(encode([APPROVAL, STEP])))).toEqual([]);
    // Nothing but the transfer (the allowance was already there) is still only what was approved.
    expect(compare(sentBatch(encode([STEP])))).toEqual([]);
  });

  it('is refused when the transfer inside was changed, and says which call and how', () => {
    const rewritten = { ...STEP, data: stepData(ATTACKER) };
    const differences = compare(sentBatch(encode([APPROVAL, rewritten])));
    expect(differences).toEqual([
      { field: 'batch call', expected: expect.stringContaining(ROUTER), actual: expect.stringContaining(ROUTER) },
    ]);
    expect(differences[0]!.actual).toContain('dead');
    expect(describeDifference(differences[0]!)).toMatch(/^a call in its batch is not one you approved: 0xB71D/);
    // Another amount of native coin is another call too.
    expect(compare(sentBatch(encode([APPROVAL, { ...STEP, value: 6n }]))).map((d) => d.field)).toEqual(['batch call']);
  });

  it('is refused when the approval inside was changed (another spender)', () => {
    const differences = compare(sentBatch(encode([{ ...APPROVAL, data: approveData(ATTACKER, 1_000_000n) }, STEP])));
    expect(differences).toEqual([
      { field: 'batch call', expected: expect.stringContaining(TOKEN), actual: expect.stringContaining(TOKEN) },
    ]);
  });

  it('is refused when a call was added, even a second copy of an approved one', () => {
    const drain: Call = { to: TOKEN, value: 0n, data: approveData(ATTACKER, 2n ** 256n - 1n) };
    const added = compare(sentBatch(encode([APPROVAL, STEP, drain])));
    expect(added).toEqual([{ field: 'batch call', expected: 'no call', actual: expect.stringContaining(TOKEN) }]);
    expect(describeDifference(added[0]!)).toMatch(/instead of no call$/);
    expect(compare(sentBatch(encode([APPROVAL, STEP, STEP]))).map((d) => d.field)).toEqual(['batch call']);
  });

  it('is refused when the transfer is missing', () => {
    expect(compare(sentBatch(encode([APPROVAL])))).toEqual([
      { field: 'batch call', expected: expect.stringContaining(ROUTER), actual: 'no call' },
    ]);
  });

  it('is refused, as any other call, when the outer call goes to someone else’s contract', () => {
    const fields = compare(sentBatch(encode([APPROVAL, STEP]), { to: CONTRACT })).map((d) => d.field);
    expect(fields).toEqual(['to', 'data', 'value']);
  });

  it('is refused when the transaction was not sent by the person', () => {
    const fields = compare(sentBatch(encode([APPROVAL, STEP]), { from: ATTACKER })).map((d) => d.field);
    expect(fields).toEqual(['from', 'to', 'data', 'value']);
  });

  it('accepts an outer value the calls spend, refuses another', () => {
    expect(compare(sentBatch(encode([APPROVAL, STEP]), { value: 5n }))).toEqual([]);
    expect(compare(sentBatch(encode([APPROVAL, STEP]), { value: 7n }))).toEqual([
      { field: 'value', expected: '5', actual: '7' },
    ]);
  });

  it('accepts no other call when the record knows no approval sent with the transfer', () => {
    const alone = { ...APPROVED, batchedWith: undefined };
    expect(compare(sentBatch(encode([STEP])), alone)).toEqual([]);
    expect(compare(sentBatch(encode([APPROVAL, STEP])), alone).map((d) => d.field)).toEqual(['batch call']);
  });
});

describe('executedCalls', () => {
  const batch = (mode: Hex) => encodeFunctionData({ abi: ERC7821, args: [mode, encodeAbiParameters(CALLS, [[STEP]])] });

  it('knows no other ERC-7821/7579 mode: a single call, "try" execution, a batch of batches', () => {
    expect(executedCalls(batch(BATCH_MODE), PERSON)).toEqual([STEP]);
    expect(executedCalls(batch(`0x00${'00'.repeat(31)}`), PERSON)).toBeUndefined();
    expect(executedCalls(batch(`0x0101${'00'.repeat(30)}`), PERSON)).toBeUndefined();
    expect(executedCalls(batch(`0x01000000000078210002${'00'.repeat(22)}`), PERSON)).toBeUndefined();
  });

  it('reads a call to the zero address as one to the account itself (ERC-7821)', () => {
    const toSelf = { to: '0x0000000000000000000000000000000000000000' as const, value: 0n, data: '0x' as Hex };
    const input = encodeFunctionData({ abi: ERC7821, args: [BATCH_MODE, encodeAbiParameters(CALLS, [[toSelf]])] });
    expect(executedCalls(input, PERSON)).toEqual([{ ...toSelf, to: PERSON }]);
  });

  it('knows neither a plain call nor undecodable execution data', () => {
    expect(executedCalls(STEP.data, PERSON)).toBeUndefined();
    expect(executedCalls(encodeFunctionData({ abi: ERC7821, args: [BATCH_MODE, '0x1234'] }), PERSON)).toBeUndefined();
  });

  it('is refused as unknown when the account runs a mode it does not know', () => {
    const tryMode = batch(`0x0101${'00'.repeat(30)}`);
    expect(compareSent(APPROVED, HASH, sentBatch(tryMode)).map((d) => d.field)).toEqual(['to', 'data', 'value']);
  });
});
