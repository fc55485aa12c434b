import { describe, expect, it } from 'vitest';
import type { PendingTransaction } from '../checks/simulation/simulateBeforeSigning';
import type { ExecutionStage } from '../model/transfer';
import { WalletRejectedError, WalletRequestError } from '../wallet/errors';
import { WalletSession } from '../wallet/session';
import type { TabWallet } from '../wallet/tabWallet';
import { BatchFailedError, batchUnsupported, mainCallHash, readCallsStatus, sendApprovalsWithStep } from './batchCalls';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const ROUTER = '0x1111111111111111111111111111111111111111' as const;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
const receipt = (n: number, status = '0x1', logs: string[] = []) => ({
  transactionHash: hash(n),
  status,
  blockHash: hash(99),
  blockNumber: '0x10',
  gasUsed: '0x5208',
  logs: logs.map((address) => ({ address, topics: [], data: '0x' })),
});

describe('readCallsStatus', () => {
  it('maps the 2.0 status codes by their hundreds', () => {
    expect(readCallsStatus({ status: 100 })).toEqual({ state: 'pending' });
    expect(readCallsStatus({ status: 400 })).toEqual({ state: 'failed', kind: 'offchain' });
    expect(readCallsStatus({ status: 500 })).toEqual({ state: 'failed', kind: 'reverted' });
    expect(readCallsStatus({ status: 600 })).toEqual({ state: 'failed', kind: 'partial' });
    expect(readCallsStatus({ status: 200, receipts: [receipt(1), receipt(2)] })).toEqual({
      state: 'confirmed',
      receipts: [
        { transactionHash: hash(1), status: 'success', logs: [] },
        { transactionHash: hash(2), status: 'success', logs: [] },
      ],
    });
  });

  it('waits for receipts: confirmed without readable ones is still pending', () => {
    expect(readCallsStatus({ status: 200 })).toEqual({ state: 'pending' });
    expect(readCallsStatus({ status: 200, receipts: [] })).toEqual({ state: 'pending' });
    expect(readCallsStatus({ status: 200, receipts: [{ transactionHash: '0x12' }] })).toEqual({ state: 'pending' });
    expect(readCallsStatus(null)).toEqual({ state: 'pending' });
  });

  it('counts a reverted receipt in a confirmed batch as reverted', () => {
    expect(readCallsStatus({ status: 200, receipts: [receipt(1), receipt(2, '0x0')] })).toEqual({
      state: 'failed',
      kind: 'reverted',
    });
  });

  it('reads the older string statuses', () => {
    expect(readCallsStatus({ status: 'PENDING' })).toEqual({ state: 'pending' });
    expect(readCallsStatus({ status: 'CONFIRMED', receipts: [receipt(7)] })).toMatchObject({ state: 'confirmed' });
  });
});

describe('mainCallHash', () => {
  const read = (...receipts: ReturnType<typeof receipt>[]) => {
    const status = readCallsStatus({ status: 200, receipts });
    if (status.state !== 'confirmed') throw new Error('not confirmed');
    return status.receipts;
  };

  it('takes the last receipt when there is one per call, or the one receipt of a smart account', () => {
    expect(mainCallHash(read(receipt(1), receipt(2)), 2, ROUTER)).toBe(hash(2));
    expect(mainCallHash(read(receipt(5)), 2, ROUTER)).toBe(hash(5));
  });

  it('otherwise finds the receipt with a log of the main call contract', () => {
    expect(mainCallHash(read(receipt(1, '0x1', [TOKEN]), receipt(2, '0x1', [ROUTER])), 3, ROUTER)).toBe(hash(2));
    expect(mainCallHash(read(receipt(2, '0x1', [ROUTER]), receipt(3, '0x1', [TOKEN])), 3, ROUTER)).toBe(hash(2));
  });
});

describe('batchUnsupported', () => {
  it('is true for a wallet saying it cannot batch, false for a person declining or another failure', () => {
    for (const code of [4200, -32601, 5700, 5710, 5740, 5760]) {
      expect(batchUnsupported(new WalletRequestError('no', code))).toBe(true);
    }
    // The person declined the account upgrade: a refusal, not a wallet that cannot batch.
    expect(batchUnsupported(new WalletRequestError('Upgrade rejected', 5750))).toBe(false);
    expect(batchUnsupported(new WalletRejectedError('the batch'))).toBe(false);
    expect(batchUnsupported(new WalletRequestError('no', -32603))).toBe(false);
    expect(batchUnsupported(new WalletRequestError('no', undefined))).toBe(false);
    expect(batchUnsupported(new Error('no'))).toBe(false);
  });
});

/** A tab wallet answering from a script: each method's answers in order (the last repeats); Errors are thrown. */
function scriptedSession(script: Record<string, unknown[]>) {
  const requests: { method: string; params?: unknown[] }[] = [];
  const tab: TabWallet = {
    tabId: 1,
    wallets: [{ id: 'w', name: 'Scripted' }],
    async request(_walletId, method, params) {
      requests.push({ method, params });
      const answers = script[method];
      if (!answers) throw new WalletRequestError('unknown method', 4200);
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onEvent: () => () => undefined,
    stopWaiting: () => undefined,
    close: () => undefined,
  };
  return { session: new WalletSession(tab, 'w'), requests };
}

const onChain = { eth_chainId: ['0x1'], eth_accounts: [[ACCOUNT]] };
const transactions: PendingTransaction[] = [
  { kind: 'approval', to: TOKEN, data: '0x095ea7b3', value: 0n },
  { kind: 'step', to: ROUTER, data: '0xabcdef01', value: 5n },
];

describe('sendApprovalsWithStep', () => {
  it('sends both calls as one atomic 2.0 batch, polls its status and answers the step transaction hash', async () => {
    const { session, requests } = scriptedSession({
      ...onChain,
      wallet_sendCalls: [{ id: 'batch-1' }],
      wallet_getCallsStatus: [{ status: 100 }, { status: 200, receipts: [receipt(1), receipt(2)] }],
    });
    const stages: ExecutionStage[] = [];
    const sent = await sendApprovalsWithStep(session, { chainId: 1, account: ACCOUNT, transactions }, (s) =>
      stages.push(s),
    );
    expect(sent).toBe(hash(2));
    expect(stages).toEqual(['approving', 'signing', 'submitted']);
    expect(requests.find((r) => r.method === 'wallet_sendCalls')?.params).toEqual([
      {
        version: '2.0.0',
        chainId: '0x1',
        from: ACCOUNT,
        atomicRequired: true,
        calls: [
          { to: TOKEN, data: '0x095ea7b3', value: '0x0' },
          { to: ROUTER, data: '0xabcdef01', value: '0x5' },
        ],
      },
    ]);
    expect(requests.filter((r) => r.method === 'wallet_getCallsStatus')).toEqual([
      { method: 'wallet_getCallsStatus', params: ['batch-1'] },
      { method: 'wallet_getCallsStatus', params: ['batch-1'] },
    ]);
  });

  it('answers undefined (ask twice) when the wallet refuses the batch as unsupported', async () => {
    const { session, requests } = scriptedSession({
      ...onChain,
      wallet_sendCalls: [new WalletRequestError('Atomicity not supported', 5760)],
    });
    expect(await sendApprovalsWithStep(session, { chainId: 1, account: ACCOUNT, transactions }, () => {})).toBe(
      undefined,
    );
    expect(requests.some((r) => r.method === 'wallet_getCallsStatus')).toBe(false);
  });

  it('passes a person declining on, and tracks nothing', async () => {
    const { session, requests } = scriptedSession({
      ...onChain,
      wallet_sendCalls: [new WalletRejectedError('the batch')],
    });
    await expect(
      sendApprovalsWithStep(session, { chainId: 1, account: ACCOUNT, transactions }, () => {}),
    ).rejects.toBeInstanceOf(WalletRejectedError);
    expect(requests.some((r) => r.method === 'wallet_getCallsStatus')).toBe(false);
  });

  it('counts a declined account upgrade (5750) as the person declining: nothing tracked, not asked twice', async () => {
    const { session, requests } = scriptedSession({
      ...onChain,
      wallet_sendCalls: [new WalletRequestError('Upgrade rejected', 5750)],
    });
    await expect(
      sendApprovalsWithStep(session, { chainId: 1, account: ACCOUNT, transactions }, () => {}),
    ).rejects.toBeInstanceOf(WalletRejectedError);
    expect(requests.some((r) => r.method === 'wallet_getCallsStatus')).toBe(false);
  });

  it('says a reverted batch failed: no hash to track', async () => {
    const { session } = scriptedSession({
      ...onChain,
      wallet_sendCalls: ['legacy-id'],
      wallet_getCallsStatus: [{ status: 500, receipts: [receipt(3, '0x0')] }],
    });
    await expect(
      sendApprovalsWithStep(session, { chainId: 1, account: ACCOUNT, transactions }, () => {}),
    ).rejects.toThrow(BatchFailedError);
  });

  it('refuses to send on another chain than the transfer', async () => {
    const { session, requests } = scriptedSession({ ...onChain, eth_chainId: ['0xa'], wallet_sendCalls: ['x'] });
    await expect(
      sendApprovalsWithStep(session, { chainId: 1, account: ACCOUNT, transactions }, () => {}),
    ).rejects.toThrow(/another network/);
    expect(requests.some((r) => r.method === 'wallet_sendCalls')).toBe(false);
  });
});
