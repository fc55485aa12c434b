import type { StateCreator } from 'zustand/vanilla';
import { userMessage } from '../../errors/userMessage';
import type { TransferRecord } from '../../model/transfer';
import type { PopupDeps } from './deps';
import type { ActivitySlice, PopupState } from './types';

const newestFirst = (list: TransferRecord[]) => [...list].sort((a, b) => b.createdAt - a.createdAt);

export const createActivitySlice =
  (deps: PopupDeps): StateCreator<PopupState, [], [], ActivitySlice> =>
  (set, get) => {
    /** Bumped by every watched write, so a read that started before one cannot overwrite it with older records. */
    let writes = 0;
    return {
      transfers: [],
      activityStatus: 'loading',
      async loadTransfers() {
        const seen = writes;
        try {
          const transfers = await deps.api.getTransfers();
          if (seen !== writes) return;
          set({ transfers: newestFirst(transfers), activityStatus: 'ready', activityMessage: undefined });
        } catch (err) {
          if (seen === writes) set({ activityStatus: 'error', activityMessage: userMessage(err) });
        }
      },
      setTransfers(transfers) {
        set({ transfers: newestFirst(transfers), activityStatus: 'ready', activityMessage: undefined });
      },
      followTransfers() {
        const stop = deps.watchTransfers?.((records) => {
          writes += 1;
          get().setTransfers(records);
        });
        void get().loadTransfers();
        return () => stop?.();
      },
    };
  };
