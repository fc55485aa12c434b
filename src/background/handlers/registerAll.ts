import type { BackgroundDeps } from '../deps';
import { setPrefill } from '../prefill';
import { registerCatalogHandlers } from './catalog';
import { registerExplorerHandlers } from './explorer';
import { registerPrefillHandler } from './prefill';
import { registerRouteHandlers } from './routes';
import { registerSettingsHandlers } from './settings';
import { registerStepTransactionHandler } from './stepTransaction';
import { registerTokenHandlers } from './tokens';
import { registerTransferHandlers } from './transfers';

/** Every message of the protocol gets its handler here, synchronously, at the top of the worker's main. */
export function registerAllHandlers(deps: BackgroundDeps): () => void {
  registerSettingsHandlers(deps);
  registerCatalogHandlers(deps);
  registerTokenHandlers(deps);
  registerRouteHandlers(deps);
  registerStepTransactionHandler(deps);
  registerTransferHandlers(deps);
  registerPrefillHandler(deps);
  // Content-script messages (detectExplorerToken, getInlineQuotes, openPrefilled): the explorer module's own
  // sender and input checks; it reaches the service only through these functions.
  return registerExplorerHandlers({
    getSettings: () => deps.settings.get(),
    getChains: () => deps.catalog.chains.get(),
    getTokens: async (chainId) => (await deps.catalog.tokens.get())[String(chainId)] ?? [],
    getRoutes: (request, signal) => deps.api.getRoutes({ ...request, signal }),
    setPrefill: (prefill) => setPrefill(prefill),
  });
}
