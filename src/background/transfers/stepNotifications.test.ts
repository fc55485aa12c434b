import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { transferInput, txHash } from '../../../testing/background/fixtures';
import { ACCOUNT, twoStepRoute } from '../../../testing/popup/fixtures';
import { toWire } from '../../messaging/wire';
import type { ExecutionRecord, SentTransfer } from '../../model/transfer';
import { transfersItem } from '../../storage/transfers';
import { createNotifier } from './notifications';
import { newSentTransfer } from './transferStatus';
import { createTransferStore } from './transferStore';

/**
 * Issue #33, point 2: the first step of a two-signature route arriving is not "Transfer complete" (the person still
 * owes the second signature, and the execution's own notice asks for it); the last step's arrival is.
 */

beforeEach(() => fakeBrowser.reset());

const shown = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

/** A step's transaction, arrived and confirmed on chain with `amount`. */
const arrived = (step: number, hash: `0x${string}`, amount: string): SentTransfer => ({
  ...newSentTransfer(transferInput({ txHash: hash }), 1_000),
  step,
  status: 'DONE',
  substatus: 'COMPLETED',
  final: true,
  arrival: { state: 'confirmed', amount, rpcHost: '127.0.0.1:8546' },
});

async function setup(sends: SentTransfer[], phase: ExecutionRecord['execution']['phase']) {
  const route = twoStepRoute();
  const record: ExecutionRecord = {
    id: 'e'.repeat(32),
    createdAt: 1_000,
    updatedAt: 1_000,
    sends,
    execution: {
      tabId: 7,
      wallet: { name: 'Dev Wallet' },
      account: ACCOUNT,
      recipient: ACCOUNT,
      choice: {
        fromChainId: 1,
        toChainId: 10,
        fromToken: route.action!.fromToken.address as `0x${string}`,
        toToken: route.action!.toToken.address,
        fromAmount: BigInt(route.action!.fromAmount),
        slippage: 0.005,
      },
      route,
      allowUnlimited: false,
      phase,
      step: sends.length - 1,
    },
  };
  await transfersItem.setValue(toWire({ [record.id]: record }));
  const store = createTransferStore();
  const notifier = createNotifier({
    store,
    enabled: async () => true,
    chainName: async () => (id) => (id === 42161 ? 'Arbitrum' : `chain ${id}`),
    now: () => 2_000,
  });
  return { store, notifier };
}

describe('notifications of a route of two steps', () => {
  it('says nothing of its own when step 1 arrives, and marks it so a restart does not say it later', async () => {
    const first = arrived(0, txHash(1), '1495000');
    const { store, notifier } = await setup([first], 'needsSignature');
    await notifier.notifyOnce(first);
    expect(shown()).toEqual([]);
    expect((await store.getSend(first.txHash))?.notifiedAt).toBe(2_000);
  });

  it('says complete, with what the chain showed arriving, once the last step arrives', async () => {
    const first = { ...arrived(0, txHash(1), '1495000'), notifiedAt: 1_500 };
    const last = arrived(1, txHash(2), '99800000');
    const { notifier } = await setup([first, last], 'sent');
    await notifier.notifyOnce(last);
    expect(shown()).toEqual([
      expect.objectContaining({ title: 'Transfer complete', message: 'Received 99.8 USDC on Arbitrum' }),
    ]);
  });

  it('still warns at once when step 1 did not arrive as the chain shows', async () => {
    const first: SentTransfer = {
      ...arrived(0, txHash(1), '1495000'),
      status: 'NOT_ARRIVED',
      arrival: { state: 'contradicted', reason: 'notFound', rpcHost: '127.0.0.1:8546' },
    };
    const { notifier } = await setup([first], 'failed');
    await notifier.notifyOnce(first);
    expect(shown()).toEqual([
      expect.objectContaining({ title: 'The bridge reported an arrival the chain does not show', priority: 2 }),
    ]);
  });
});
