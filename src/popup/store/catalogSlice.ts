import type { StateCreator } from 'zustand/vanilla';
import { userMessage } from '../../errors/userMessage';
import type { Chain } from '../../schemas/catalog';
import { blamesServiceSettings } from '../serviceBlame';
import type { PopupDeps } from './deps';
import { isSourceChain, nativeTokenOf } from './selectors';
import type { CatalogSlice, PopupState } from './types';

export const createCatalogSlice =
  (deps: PopupDeps): StateCreator<PopupState, [], [], CatalogSlice> =>
  (set, get) => ({
    chains: [],
    tools: [],
    catalogStatus: 'loading',
    async loadCatalog() {
      const apply = (all: Chain[]) => {
        // EVM chains are signed for through the page's EIP-1193 wallet; Solana is offered as a destination only.
        const chains = all.filter((c) => c.chainType === 'EVM' || c.chainType === 'SOLANA');
        set({ chains, catalogStatus: 'ready', catalogError: undefined });
        const s = get();
        const evm = chains.filter(isSourceChain);
        const first = evm[0];
        const second = evm[1] ?? first;
        if (s.fromChainId === undefined && first) set({ fromChainId: first.id, fromToken: nativeTokenOf(first) });
        if (s.toChainId === undefined && second) set({ toChainId: second.id, toToken: nativeTokenOf(second) });
      };
      const cached = get().chains.length === 0 ? deps.chainsCache?.read() : undefined;
      if (cached?.length) apply(cached);
      else set({ catalogStatus: 'loading', catalogError: undefined });
      try {
        const fresh = await deps.api.getChains();
        apply(fresh);
        deps.chainsCache?.write(fresh);
      } catch (err) {
        // With cached chains the form stays usable; routes will say if the service is unreachable.
        if (!cached?.length) {
          set({
            catalogStatus: 'error',
            catalogError: userMessage(err),
            catalogBlamesSettings: blamesServiceSettings(err),
          });
          return;
        }
      }
      try {
        const tools = await deps.api.getTools();
        set({ tools: [...tools.bridges, ...tools.exchanges] });
      } catch {
        // Tools only label bridges in settings; routes carry their own names and logos.
      }
    },
  });
