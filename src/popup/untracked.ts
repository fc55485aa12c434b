import type { TransferInput } from '../model/transfer';
import type { PopupDeps } from './store/deps';

const KEY = 'bridge-companion:untracked-transfers';

/**
 * Hashes the wallet returned but the background has not acknowledged (worker restarting, popup closed mid-call).
 * Kept in the extension origin's localStorage, which survives closing the popup, and handed over on next opening.
 */
export function createUntrackedStore(storage: Storage = localStorage): PopupDeps['untracked'] {
  const read = (): TransferInput[] => {
    try {
      const parsed = JSON.parse(storage.getItem(KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  const write = (list: TransferInput[]) => storage.setItem(KEY, JSON.stringify(list));
  return {
    add(input) {
      write([...read().filter((x) => x.txHash !== input.txHash), input]);
    },
    remove(txHash) {
      write(read().filter((x) => x.txHash.toLowerCase() !== txHash.toLowerCase()));
    },
    list: read,
  };
}
