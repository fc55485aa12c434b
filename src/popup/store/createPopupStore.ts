import { createStore } from 'zustand/vanilla';
import { createActivitySlice } from './activitySlice';
import { createCatalogSlice } from './catalogSlice';
import type { PopupDeps } from './deps';
import { createExecutionSlice } from './executionSlice';
import { createFormSlice } from './formSlice';
import { createRoutesSlice, type RoutesControl } from './routesSlice';
import { createSettingsSlice } from './settingsSlice';
import { createSolanaWalletSlice, type SolanaHandle } from './solanaWalletSlice';
import type { PopupState } from './types';
import { createWalletSlice, type WalletHandle } from './walletSlice';

/** The popup's one store, built from slices. The wallet session lives beside it (not serialisable state). */
export function createPopupStore(deps: PopupDeps) {
  const handle: WalletHandle = {};
  const solana: SolanaHandle = {};
  const routes: RoutesControl = { stopRefresh() {} };
  return createStore<PopupState>()((...a) => ({
    ...createCatalogSlice(deps)(...a),
    ...createFormSlice(deps)(...a),
    ...createRoutesSlice(deps, routes)(...a),
    ...createWalletSlice(deps, handle)(...a),
    ...createSolanaWalletSlice(deps, solana)(...a),
    ...createExecutionSlice(deps, routes)(...a),
    ...createSettingsSlice(deps)(...a),
    ...createActivitySlice(deps)(...a),
    view: 'transfer',
    setView: (view) => a[0]({ view }),
  }));
}

export type PopupStore = ReturnType<typeof createPopupStore>;
