import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT, stepTwoWithGas } from '../../../testing/popup/fixtures';
import type { ExecutionRecord } from '../../model/transfer';
import { readGasArrival } from './gasArrival';

/** Step 1 of USDC Ethereum → Optimism arrived; step 2 (a swap on Optimism) waits for the person. */
const record = (over: Partial<ExecutionRecord['execution']> = {}): ExecutionRecord => ({
  id: 'a'.repeat(32),
  createdAt: 1,
  updatedAt: 2,
  sends: [],
  execution: stepTwoWithGas(over),
});

describe('readGasArrival', () => {
  it('reads the balance on the next step’s chain through the trusted RPC, for the account that signs it', async () => {
    const readGasFunds = vi.fn(async () => ({ balance: 1_130_000_000_000_000n, gasPrice: 1n }));
    expect(await readGasArrival(record(), { readGasFunds })).toEqual({ chainId: 10, balance: '1130000000000000' });
    expect(readGasFunds).toHaveBeenCalledWith(10, ACCOUNT);
  });

  it('reads nothing without gas on arrival chosen, before a later step is ready, or when the chain shows none or cannot be read', async () => {
    const readGasFunds = vi.fn(async () => ({ balance: 1n, gasPrice: 1n }));
    const plain = record();
    delete plain.execution.choice.fromAmountForGas;
    expect(await readGasArrival(plain, { readGasFunds })).toBeUndefined();
    expect(await readGasArrival(record({ phase: 'bridging' }), { readGasFunds })).toBeUndefined();
    expect(await readGasArrival(record({ step: 0 }), { readGasFunds })).toBeUndefined();
    expect(readGasFunds).not.toHaveBeenCalled();
    const pause = vi.fn(async () => {});
    const none = { readGasFunds: vi.fn(async () => ({ balance: 0n, gasPrice: 1n })), pause };
    expect(await readGasArrival(record(), none, 3)).toBeUndefined();
    expect(none.readGasFunds).toHaveBeenCalledTimes(3);
    const unread = { readGasFunds: vi.fn(async () => undefined), pause };
    expect(await readGasArrival(record(), unread)).toBeUndefined();
    const failing = { readGasFunds: vi.fn(async () => Promise.reject(new Error('down'))), pause };
    expect(await readGasArrival(record(), failing, 2)).toBeUndefined();
  });

  it('reads again after a pause while the chain shows no gas yet: Gas.zip pays apart from the bridge', async () => {
    const balances = [0n, 0n, 1_130_000_000_000_000n];
    const readGasFunds = vi.fn(async () => ({ balance: balances.shift()!, gasPrice: 1n }));
    const pause = vi.fn(async () => {});
    expect(await readGasArrival(record(), { readGasFunds, pause })).toEqual({
      chainId: 10,
      balance: '1130000000000000',
    });
    expect(pause).toHaveBeenCalledTimes(2);
  });
});
