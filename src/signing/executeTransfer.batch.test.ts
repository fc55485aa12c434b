import { describe, expect, it } from 'vitest';
import { ACCOUNT, CHAINS, fakeSteps, fakeTabWallet, makeRoute } from '../../testing/popup/fixtures';
import type { SimulationReport } from '../checks/simulation/simulateBeforeSigning';
import { WalletRejectedError, WalletRequestError } from '../wallet/errors';
import { WalletSession } from '../wallet/session';
import type { TabWallet } from '../wallet/tabWallet';
import { type ExecuteInput, executeTransfer } from './executeTransfer';

/**
 * The signing flow's batch branch (batchCalls.ts): with a wallet that sends atomic batches, the approval and the
 * step simulated together go as one wallet_sendCalls and the step's receipt hash is tracked; a wallet refusing the
 * batch as unsupported is asked twice, as one without batches; a person declining it stops everything.
 */

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;

/** fakeTabWallet with EIP-5792 on top: `sendCalls` answers (or throws) what the test says. */
function batchingWallet(sendCalls: () => unknown) {
  const wallet = fakeTabWallet({ allowance: 0n });
  const batches: { calls: { to: string; data: string; value: string }[]; atomicRequired: boolean }[] = [];
  const plain = wallet.tab.request;
  const tab: TabWallet = {
    ...wallet.tab,
    async request(walletId, method, params = [], what, options) {
      if (method === 'wallet_getCapabilities') return { '0x1': { atomic: { status: 'supported' } } };
      if (method === 'wallet_sendCalls') {
        wallet.state.methods.push(method);
        batches.push(params[0] as (typeof batches)[number]);
        const answer = sendCalls();
        if (answer instanceof Error) throw answer;
        return answer;
      }
      if (method === 'wallet_getCallsStatus') {
        return {
          status: 200,
          receipts: [
            { transactionHash: hash(0xa1), status: '0x1', logs: [] },
            { transactionHash: hash(0xb2), status: '0x1', logs: [] },
          ],
        };
      }
      return plain(walletId, method, params, what, options);
    },
  };
  return { ...wallet, tab, batches };
}

function run(wallet: ReturnType<typeof batchingWallet>) {
  const route = makeRoute();
  const api = fakeSteps();
  const simulated: SimulationReport[] = [];
  const submitted: string[] = [];
  const notices: string[] = [];
  const input: ExecuteInput = {
    session: new WalletSession(wallet.tab, 'dev'),
    choice: {
      fromChainId: 1,
      toChainId: 10,
      fromToken: route.action!.fromToken.address as `0x${string}`,
      toToken: route.action!.toToken.address as `0x${string}`,
      fromAmount: BigInt(route.action!.fromAmount),
      fromAddress: ACCOUNT,
      slippage: 0.005,
    },
    route,
    fromChain: CHAINS[0]!,
    account: ACCOUNT,
    recipient: ACCOUNT,
    onStage: () => {},
    confirmNewRate: async () => false,
    onSubmitted: (h) => submitted.push(h),
    onSimulated: (report) => simulated.push(report),
    onNotice: (text) => notices.push(text),
  };
  return { promise: executeTransfer(input, api), api, simulated, submitted, notices };
}

describe('executeTransfer with a wallet that batches (EIP-5792)', () => {
  it('asks once: the approval and the step as simulated together, and tracks the step receipt hash', async () => {
    const wallet = batchingWallet(() => ({ id: 'b1' }));
    const { promise, api, simulated, submitted, notices } = run(wallet);
    const result = await promise;
    expect(wallet.state.sent).toEqual([]);
    expect(wallet.batches).toHaveLength(1);
    const [approval, step] = wallet.batches[0]!.calls;
    expect(wallet.batches[0]!.atomicRequired).toBe(true);
    expect(approval!.data.startsWith('0x095ea7b3')).toBe(true);
    expect(step!.to).toBe(result.approvedTx.to);
    expect(step!.data).toBe(result.approvedTx.data);
    // One simulation of both, reused: nothing simulated again for the batch.
    expect(simulated).toHaveLength(1);
    expect(result.txHash).toBe(hash(0xb2));
    expect(submitted).toEqual([hash(0xb2)]);
    expect(api.trackTransfer).toHaveBeenCalledWith(expect.objectContaining({ txHash: hash(0xb2) }));
    // The approval is recorded with the step, so a smart account's one transaction carrying both reads back as approved.
    expect(result.approvedTx.batchedWith).toEqual([{ to: approval!.to, data: approval!.data, value: '0' }]);
    // The relay cannot report a batch's hash: no expectation is left registered for it.
    expect(api.expectTransfer).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('asks twice when the wallet refuses the batch as unsupported', async () => {
    const wallet = batchingWallet(() => new WalletRequestError('unsupported', 5700));
    const { promise, simulated, notices } = run(wallet);
    const result = await promise;
    expect(wallet.batches).toHaveLength(1);
    expect(wallet.state.sent.map((t) => t.data.slice(0, 10))).toEqual([
      '0x095ea7b3',
      result.approvedTx.data.slice(0, 10),
    ]);
    // As before: both together, then the step alone once the approval is on chain.
    expect(simulated).toHaveLength(2);
    expect(result.txHash).toBe(hash(2));
    // Sent on its own: nothing but the step may be in its transaction.
    expect(result.approvedTx.batchedWith).toBeUndefined();
    // Said in words: the person sees the wallet ask a second time.
    expect(notices).toEqual([expect.stringMatching(/could not take the approval and the transfer together/)]);
  });

  it('stops when the person declines the batch: nothing sent, nothing tracked', async () => {
    const wallet = batchingWallet(() => new WalletRejectedError('the approval and the transfer together'));
    const { promise, api } = run(wallet);
    await expect(promise).rejects.toBeInstanceOf(WalletRejectedError);
    expect(wallet.state.sent).toEqual([]);
    expect(api.trackTransfer).not.toHaveBeenCalled();
  });

  it('asks as before when no approval is needed', async () => {
    const wallet = batchingWallet(() => ({ id: 'never' }));
    wallet.state.allowance = 10n ** 18n;
    const { promise } = run(wallet);
    await promise;
    expect(wallet.batches).toEqual([]);
    expect(wallet.state.sent).toHaveLength(1);
  });
});
