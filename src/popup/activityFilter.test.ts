import { describe, expect, it } from 'vitest';
import { transferInput, txHash } from '../../testing/background/fixtures';
import { ACCOUNT, makeExecution, OTHER, twoStepRoute } from '../../testing/popup/fixtures';
import { newSentTransfer } from '../background/transfers/transferStatus';
import type { ExecutionPhase, SentTransfer, TransferRecord } from '../model/transfer';
import { activityStateOf, filterActivity, matchesQuery, senderOf, sendersOf } from './activityFilter';

const CHAINS: Record<number, string> = { 1: 'Ethereum', 10: 'Optimism', 42161: 'Arbitrum' };
const chainName = (id: number) => CHAINS[id] ?? `Chain ${id}`;

const send = (n: number, over: Partial<SentTransfer> = {}): SentTransfer => ({
  ...newSentTransfer(transferInput({ txHash: txHash(n) }), n),
  ...over,
});
const loose = (s: SentTransfer): TransferRecord => ({ id: s.txHash, createdAt: s.createdAt, updatedAt: 0, sends: [s] });
const executed = (phase: ExecutionPhase, sends: SentTransfer[], account: `0x${string}` = ACCOUNT): TransferRecord => ({
  id: `e-${phase}`,
  createdAt: 1,
  updatedAt: 1,
  sends,
  execution: makeExecution({ phase, account, route: twoStepRoute(), step: sends.length - 1 }),
});
const done = { status: 'DONE', final: true } as const;

describe('who sent each transfer', () => {
  it('is the execution’s account, else the first transaction’s sender, once each whatever the case', () => {
    const mine = executed('sent', [send(1, { fromAddress: OTHER })]);
    const theirs = loose(send(2, { fromAddress: OTHER }));
    const shouting = loose(send(3, { fromAddress: OTHER.toUpperCase().replace('0X', '0x') as `0x${string}` }));
    expect(senderOf(mine)).toBe(ACCOUNT);
    expect(senderOf(theirs)).toBe(OTHER);
    expect(sendersOf([mine, theirs, shouting])).toEqual([ACCOUNT, OTHER]);
  });
});

describe('the status groups', () => {
  it('puts what waits for the person or went wrong under attention, ended routes under done, the rest in progress', () => {
    expect(activityStateOf(loose(send(1)))).toBe('progress');
    expect(activityStateOf(loose(send(1, done)))).toBe('done');
    expect(activityStateOf(loose(send(1, { status: 'FAILED', final: true })))).toBe('attention');
    expect(activityStateOf(loose(send(1, { status: 'MISMATCH', final: true })))).toBe('attention');
    expect(activityStateOf(loose(send(1, { status: 'TRACKING_STOPPED', final: true })))).toBe('attention');
    // Step 1 of 2 arrived: the transfer is not done until step 2 is.
    expect(activityStateOf(executed('bridging', [send(1, { step: 0, ...done })]))).toBe('progress');
    expect(activityStateOf(executed('needsSignature', [send(1, { step: 0, ...done })]))).toBe('attention');
    expect(activityStateOf(executed('stopped', [send(1, { step: 0, ...done })]))).toBe('done');
    expect(activityStateOf(executed('sent', [send(1, { step: 0, ...done }), send(2, { step: 1, ...done })]))).toBe(
      'done',
    );
  });
});

describe('the search', () => {
  const arb = loose(send(0xabc, { toToken: { ...transferInput().toToken, symbol: 'USDC.e' } }));
  const op = loose(
    send(0xdef, {
      toChainId: 10,
      toAddress: OTHER,
      fromToken: { ...transferInput().fromToken, symbol: 'WETH' },
      receiving: { txHash: `0x${'77'.repeat(32)}` },
    }),
  );

  it('finds a transfer by token symbol, chain name, bridge, hash or address, in any case, every word', () => {
    expect(matchesQuery(arb, 'usdc.E', chainName)).toBe(true);
    expect(matchesQuery(op, 'optimism weth', chainName)).toBe(true);
    expect(matchesQuery(op, 'arbitrum weth', chainName)).toBe(false);
    expect(matchesQuery(arb, 'across', chainName)).toBe(true);
    expect(matchesQuery(op, txHash(0xdef), chainName)).toBe(true);
    expect(matchesQuery(op, `0x${'77'.repeat(32)}`, chainName)).toBe(true);
    expect(matchesQuery(op, OTHER.toLowerCase(), chainName)).toBe(true);
    expect(matchesQuery(arb, OTHER.slice(0, 10), chainName)).toBe(false);
    expect(matchesQuery(arb, '   ', chainName)).toBe(true);
  });

  it('keeps the records both the search and the status leave, in their order', () => {
    const ended = loose(send(5, { ...done, toChainId: 10 }));
    const records = [arb, op, ended];
    expect(filterActivity(records, { query: 'optimism' }, chainName)).toEqual([op, ended]);
    expect(filterActivity(records, { query: 'optimism', state: 'done' }, chainName)).toEqual([ended]);
    expect(filterActivity(records, { query: '', state: 'progress' }, chainName)).toEqual([arb, op]);
  });
});
