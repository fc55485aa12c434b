import type { StateCreator } from 'zustand/vanilla';
import { userMessage } from '../../errors/userMessage';
import { executionsOf, sendsOf, type TransferRecord } from '../../model/transfer';
import { readTransfer } from '../../storage/transfersCodec';
import { balanceMoved } from './balanceMoves';
import type { PopupDeps } from './deps';
import type { ActivitySlice, PopupState } from './types';

export const createActivitySlice =
  (deps: PopupDeps): StateCreator<PopupState, [], [], ActivitySlice> =>
  (set, get) => {
    /** Bumped by every watched write, so a read that started before one cannot overwrite it with older records. */
    let writes = 0;
    let followers = 0;
    let unwatch: (() => void) | undefined;
    return {
      records: [],
      transfers: [],
      activityStatus: 'loading',
      async loadTransfers() {
        const seen = writes;
        try {
          // Answered as storage keeps them: read through the records' one codec, as the watch reads them.
          const records = (await deps.api.getTransfers()).map((record) => readTransfer<TransferRecord>(record));
          if (seen === writes) get().setRecords(records);
        } catch (err) {
          if (seen === writes) set({ activityStatus: 'error', activityMessage: userMessage(err) });
        }
      },
      setRecords(records: TransferRecord[]) {
        const { transfers: before, activityStatus, account } = get();
        const transfers = sendsOf(records);
        set({ records, transfers, activityStatus: 'ready', activityMessage: undefined });
        // The first list read is not news: the balance was read on opening. A transfer sent or ended since is.
        if (activityStatus === 'ready' && balanceMoved(before, transfers, account)) void get().refreshBalance();
        if (get().followingExecutions) get().applyExecutions(executionsOf(records));
      },
      lookUpTransfer: (ref, chainId) => deps.api.lookUpTransfer(chainId === undefined ? { ref } : { ref, chainId }),
      followTransfers() {
        followers += 1;
        if (followers === 1) {
          unwatch = deps.watchRecords?.((records) => {
            writes += 1;
            get().setRecords(records);
          });
          void get().loadTransfers();
        }
        let stopped = false;
        return () => {
          if (stopped) return;
          stopped = true;
          followers -= 1;
          if (followers === 0) {
            unwatch?.();
            unwatch = undefined;
          }
        };
      },
    };
  };
