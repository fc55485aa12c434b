import { describe, expect, it } from 'vitest';
import { atomicBatchSupported, walletBatchesAtomically } from './batchCapabilities';
import { WalletRequestError } from './errors';
import { WalletSession } from './session';
import type { TabWallet } from './tabWallet';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

/** A tab wallet answering wallet_getCapabilities with `answer` (or never, or 4200 when it is undefined). */
function scriptedSession(answer: unknown | 'never') {
  const requests: { method: string; params?: unknown[] }[] = [];
  const tab: TabWallet = {
    tabId: 1,
    wallets: [{ id: 'w', name: 'Scripted' }],
    request(_walletId, method, params) {
      requests.push({ method, params });
      if (answer === 'never') return new Promise(() => undefined);
      if (answer === undefined) return Promise.reject(new WalletRequestError('unknown method', 4200));
      return Promise.resolve(answer);
    },
    onEvent: () => () => undefined,
    stopWaiting: () => undefined,
    close: () => undefined,
  };
  return { session: new WalletSession(tab, 'w'), requests };
}

describe('atomicBatchSupported', () => {
  it('reads EIP-5792 2.0 atomic.status for the chain: supported and ready yes, unsupported no', () => {
    expect(atomicBatchSupported({ '0x1': { atomic: { status: 'supported' } } }, 1)).toBe(true);
    expect(atomicBatchSupported({ '0xa4b1': { atomic: { status: 'ready' } } }, 42161)).toBe(true);
    expect(atomicBatchSupported({ '0x1': { atomic: { status: 'unsupported' } } }, 1)).toBe(false);
  });

  it('reads the older atomicBatch.supported shape', () => {
    expect(atomicBatchSupported({ '0x1': { atomicBatch: { supported: true } } }, 1)).toBe(true);
    expect(atomicBatchSupported({ '0x1': { atomicBatch: { supported: false } } }, 1)).toBe(false);
    expect(atomicBatchSupported({ '0x1': { atomicBatch: { supported: 'true' } } }, 1)).toBe(false);
  });

  it('takes "0x0" for every chain and ignores other chains and odd answers', () => {
    expect(atomicBatchSupported({ '0x0': { atomic: { status: 'supported' } } }, 10)).toBe(true);
    expect(atomicBatchSupported({ '0x0X1': { atomic: { status: 'supported' } } }, 1)).toBe(false);
    expect(atomicBatchSupported({ '0xa': { atomic: { status: 'supported' } } }, 1)).toBe(false);
    expect(atomicBatchSupported({ '0xA': { atomic: { status: 'supported' } } }, 10)).toBe(true);
    for (const odd of [null, 'yes', [], { '0x1': null }, { '0x1': { atomic: 'supported' } }]) {
      expect(atomicBatchSupported(odd, 1)).toBe(false);
    }
  });
});

describe('walletBatchesAtomically', () => {
  it('asks for the account on the chain and reads the answer', async () => {
    const { session, requests } = scriptedSession({ '0x1': { atomic: { status: 'ready' } } });
    expect(await walletBatchesAtomically(session, ACCOUNT, 1)).toBe(true);
    expect(requests).toEqual([{ method: 'wallet_getCapabilities', params: [ACCOUNT, ['0x1']] }]);
  });

  it('is false when the wallet does not know the method, or does not answer in time', async () => {
    expect(await walletBatchesAtomically(scriptedSession(undefined).session, ACCOUNT, 1)).toBe(false);
    expect(await walletBatchesAtomically(scriptedSession('never').session, ACCOUNT, 1, 20)).toBe(false);
  });
});
