import type { StateCreator } from 'zustand/vanilla';
import { userMessage } from '../../errors/base';
import type { TransferRecord } from '../../model/transfer';
import type { PopupDeps } from './deps';
import type { ActivitySlice, PopupState } from './types';

const newestFirst = (list: TransferRecord[]) => [...list].sort((a, b) => b.createdAt - a.createdAt);

export const createActivitySlice =
  (deps: PopupDeps): StateCreator<PopupState, [], [], ActivitySlice> =>
  (set) => ({
    transfers: [],
    activityStatus: 'loading',
    async loadTransfers() {
      try {
        set({
          transfers: newestFirst(await deps.api.getTransfers()),
          activityStatus: 'ready',
          activityMessage: undefined,
        });
      } catch (err) {
        set({ activityStatus: 'error', activityMessage: userMessage(err) });
      }
    },
    setTransfers(transfers) {
      set({ transfers: newestFirst(transfers), activityStatus: 'ready' });
    },
  });
