import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { transferInput, txHash } from '../../testing/background/fixtures';
import { ACCOUNT, makeRoute, OTHER, twoStepRoute, USDC_1, USDC_10 } from '../../testing/popup/fixtures';
import { createTransferStore } from '../background/transfers/transferStore';
import type { TransferChoiceWire } from '../model/choice';
import { foldLegacyRecords, type LegacyExecutionRecord, type LegacyTransferRecord } from './legacyTransfers';
import { transfersItem } from './transfers';

beforeEach(() => fakeBrowser.reset());

/**
 * Records as version 2 wrote them (`local:executions` beside `local:transfers`), in the shapes its stores wrote:
 * an execution of two steps whose first arrived, one of one step on its way, one that stopped before sending, a
 * step sent again after it ended otherwise, and transfers no execution sent (one from before sent transactions were
 * checked, one reported by the relay).
 */
const choice: TransferChoiceWire = {
  fromChainId: 1,
  toChainId: 10,
  fromToken: USDC_1,
  toToken: USDC_10,
  fromAmount: '1500000',
  fromAddress: ACCOUNT,
  slippage: 0.005,
};
const start = { tabId: 7, wallet: { rdns: 'dev.bridge-companion.wallet', name: 'Dev Wallet' }, account: ACCOUNT };

const transfer = (n: number, over: Partial<LegacyTransferRecord> = {}): LegacyTransferRecord => ({
  ...transferInput({ txHash: txHash(n) }),
  createdAt: 1_000 * n,
  updatedAt: 1_000 * n + 500,
  status: 'PENDING',
  sentCheck: { state: 'verified', rpcHost: 'ethereum-rpc.publicnode.com' },
  sendingTxLink: `https://etherscan.io/tx/${txHash(n)}`,
  final: false,
  nextCheckAt: 1_000 * n + 15_000,
  checks: 2,
  consecutiveErrors: 0,
  ...over,
});

const TWO_STEPS: LegacyExecutionRecord = {
  ...start,
  id: 'a'.repeat(32),
  createdAt: 900,
  updatedAt: 1_800,
  recipient: OTHER,
  choice: { ...choice, toAddress: OTHER },
  route: twoStepRoute(),
  allowUnlimited: false,
  phase: 'needsSignature',
  step: 1,
  arrived: '1495000',
  stepHashes: [txHash(1)],
};
const ONE_STEP: LegacyExecutionRecord = {
  ...start,
  id: 'b'.repeat(32),
  createdAt: 1_900,
  updatedAt: 2_100,
  recipient: ACCOUNT,
  choice,
  route: makeRoute(),
  allowUnlimited: false,
  phase: 'sent',
  stage: 'submitted',
  txHash: txHash(2),
  stepHashes: [txHash(2)],
};
const STOPPED: LegacyExecutionRecord = {
  ...start,
  id: 'c'.repeat(32),
  createdAt: 3_000,
  updatedAt: 3_100,
  recipient: ACCOUNT,
  choice,
  route: makeRoute(),
  allowUnlimited: false,
  phase: 'failed',
  stoppedAt: 'signing',
  error: 'You declined the transfer in the wallet. Nothing was sent.',
};
const SENT_AGAIN: LegacyExecutionRecord = {
  ...TWO_STEPS,
  id: 'd'.repeat(32),
  phase: 'bridging',
  step: undefined,
  arrived: undefined,
  stage: 'submitted',
  txHash: txHash(6),
  stepHashes: [txHash(5), txHash(6)],
};
const EXECUTIONS = {
  [TWO_STEPS.id]: TWO_STEPS,
  [ONE_STEP.id]: ONE_STEP,
  [STOPPED.id]: STOPPED,
  [SENT_AGAIN.id]: SENT_AGAIN,
};
const TRANSFERS: Record<string, LegacyTransferRecord> = {
  [txHash(1)]: transfer(1, { status: 'DONE', substatus: 'COMPLETED', final: true, receiving: { amount: '1495000' } }),
  [txHash(2)]: transfer(2),
  [txHash(3)]: transfer(3, { sentCheck: { state: 'notChecked' }, status: 'DONE', final: true, notifiedAt: 4_000 }),
  [txHash(4)]: transfer(4, { status: 'SUBMITTED', sentCheck: { state: 'pending', attempts: 1 } }),
  [txHash(5)]: transfer(5, { status: 'FAILED', final: true }),
  [txHash(6)]: transfer(6),
};

describe('storage v3: one record per transfer', () => {
  it('folds an execution and the transfers of its hashes into one record, each hash written once', () => {
    const records = foldLegacyRecords(TRANSFERS, EXECUTIONS);
    const { id: _a, createdAt: _c, updatedAt: _u, stepHashes: _s, ...twoSteps } = TWO_STEPS;
    expect(records[TWO_STEPS.id]).toEqual({
      id: TWO_STEPS.id,
      createdAt: 900,
      updatedAt: 1_800,
      execution: twoSteps,
      sends: [{ ...TRANSFERS[txHash(1)], step: 0 }],
    });
    const { id: _b, createdAt: _c2, updatedAt: _u2, txHash: _t, stepHashes: _s2, ...oneStep } = ONE_STEP;
    expect(records[ONE_STEP.id]).toMatchObject({ execution: oneStep, sends: [{ ...TRANSFERS[txHash(2)], step: 0 }] });
    expect(records[STOPPED.id]).toMatchObject({ execution: { phase: 'failed', stoppedAt: 'signing' }, sends: [] });
    // A step sent again after it ended otherwise is the same step.
    expect(records[SENT_AGAIN.id]?.sends.map((s) => [s.txHash, s.step])).toEqual([
      [txHash(5), 0],
      [txHash(6), 0],
    ]);
    for (const record of Object.values(records)) {
      expect(record.execution ?? {}).not.toHaveProperty('txHash');
      expect(record.execution ?? {}).not.toHaveProperty('stepHashes');
    }
  });

  it('keeps a transfer no execution sent as a record of its own, keyed by its hash', () => {
    const records = foldLegacyRecords(TRANSFERS, EXECUTIONS);
    expect(records[txHash(3)]).toEqual({
      id: txHash(3),
      createdAt: 3_000,
      updatedAt: 3_500,
      sends: [TRANSFERS[txHash(3)]],
    });
    expect(records[txHash(4)]?.sends).toEqual([TRANSFERS[txHash(4)]]);
    expect(Object.keys(records).sort()).toEqual(
      [TWO_STEPS.id, ONE_STEP.id, STOPPED.id, SENT_AGAIN.id, txHash(3), txHash(4)].sort(),
    );
    // Every transaction once, none lost.
    const hashes = Object.values(records).flatMap((r) => r.sends.map((s) => s.txHash));
    expect(hashes.sort()).toEqual(Object.keys(TRANSFERS).sort());
  });

  it('migrates what version 2 stored when the item is first read, and drops the executions item', async () => {
    await fakeBrowser.storage.local.set({
      transfers: TRANSFERS,
      transfers$: { v: 2 },
      executions: EXECUTIONS,
      executions$: { v: 1 },
    });
    await transfersItem.migrate();
    expect(await transfersItem.getValue()).toEqual(foldLegacyRecords(TRANSFERS, EXECUTIONS));
    expect(await fakeBrowser.storage.local.get('transfers$')).toEqual({ transfers$: { v: 3 } });
    const left = async () => Object.values(await fakeBrowser.storage.local.get(['executions', 'executions$']));
    await expect.poll(left).toEqual([undefined, undefined]);
  });

  it('migrates a version 1 transfer through both steps: not checked, then a record of its own', async () => {
    const { sentCheck: _none, ...v1 } = transfer(7, { status: 'DONE', final: true });
    await fakeBrowser.storage.local.set({ transfers: { [txHash(7)]: v1 } });
    await transfersItem.migrate();
    expect(await transfersItem.getValue()).toEqual({
      [txHash(7)]: {
        id: txHash(7),
        createdAt: 7_000,
        updatedAt: 7_500,
        sends: [{ sentCheck: { state: 'notChecked' }, ...v1 }],
      },
    });
  });

  it('adopts executions stored with no transfer beside them at the background start (WXT migrates only a value)', async () => {
    await fakeBrowser.storage.local.set({ executions: { [STOPPED.id]: STOPPED }, executions$: { v: 1 } });
    await transfersItem.migrate();
    const store = createTransferStore();
    await store.adoptLegacyExecutions();
    expect(await store.get(STOPPED.id)).toMatchObject({ execution: { phase: 'failed' }, sends: [] });
    expect((await fakeBrowser.storage.local.get('executions')).executions).toBeUndefined();
    // Nothing left to adopt: a second start changes nothing.
    await store.adoptLegacyExecutions();
    expect(Object.keys(await store.all())).toEqual([STOPPED.id]);
  });
});
