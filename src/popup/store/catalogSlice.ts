import type { StateCreator } from 'zustand/vanilla';
import { userMessage } from '../../errors/base';
import type { PopupDeps } from './deps';
import { nativeTokenOf } from './selectors';
import type { CatalogSlice, PopupState } from './types';

export const createCatalogSlice =
  (deps: PopupDeps): StateCreator<PopupState, [], [], CatalogSlice> =>
  (set, get) => ({
    chains: [],
    tools: [],
    catalogStatus: 'loading',
    async loadCatalog() {
      set({ catalogStatus: 'loading', catalogError: undefined });
      try {
        // Only EVM chains can be signed for through an EIP-1193 wallet.
        const chains = (await deps.api.getChains()).filter((c) => c.chainType === 'EVM');
        set({ chains, catalogStatus: 'ready' });
        const s = get();
        const first = chains[0];
        const second = chains[1] ?? first;
        if (s.fromChainId === undefined && first) set({ fromChainId: first.id, fromToken: nativeTokenOf(first) });
        if (s.toChainId === undefined && second) set({ toChainId: second.id, toToken: nativeTokenOf(second) });
      } catch (err) {
        set({ catalogStatus: 'error', catalogError: userMessage(err) });
        return;
      }
      try {
        const tools = await deps.api.getTools();
        set({ tools: [...tools.bridges, ...tools.exchanges] });
      } catch {
        // Tools only label bridges in settings; routes carry their own names and logos.
      }
    },
  });
