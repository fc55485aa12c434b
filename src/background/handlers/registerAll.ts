import { BaseError } from '../../errors/base';
import { userMessage } from '../../errors/userMessage';
import { registerExplorerHandlers } from '../../explorerCard/handlers';
import type { RoutesRequest } from '../../schemas/requests';
import type { BackgroundDeps } from '../deps';
import { setPrefill } from '../prefill';
import { registerAllowanceHandlers } from './allowances';
import { registerCatalogHandlers } from './catalog';
import { registerExecutionHandlers } from './executions';
import { registerExpectedTransferHandlers } from './expectedTransfers';
import { registerPrefillHandler } from './prefill';
import { registerRecipientHandlers } from './recipients';
import { fetchVerifiedRoutes, registerRouteHandlers } from './routes';
import { registerSettingsHandlers } from './settings';
import { registerStepTransactionHandler } from './stepTransaction';
import { registerTokenReadHandlers } from './tokenReads';
import { registerTokenHandlers } from './tokens';
import { registerTransferHandlers } from './transfers';

/** Every message of the protocol gets its handler here, synchronously, at the top of the worker's main. */
export function registerAllHandlers(deps: BackgroundDeps): void {
  registerSettingsHandlers(deps);
  registerCatalogHandlers(deps);
  registerTokenHandlers(deps);
  registerRouteHandlers(deps);
  registerStepTransactionHandler(deps);
  registerTransferHandlers(deps);
  registerExpectedTransferHandlers(deps);
  registerExecutionHandlers(deps);
  registerPrefillHandler(deps);
  registerRecipientHandlers(deps);
  registerAllowanceHandlers(deps);
  registerTokenReadHandlers(deps);
  // The explorer card's messages (detectExplorerToken, getInlineQuotes, openPrefilled) reach the service only
  // through pageFacing.
  registerExplorerHandlers(deps.handle, { ...pageFacing(deps), setPrefill: (prefill) => setPrefill(prefill) });
}

/**
 * What the explorer card's side of the background may use. It reaches the service only through these functions,
 * whose errors keep only the plain-words message (a web page learns nothing of the service's answers, let alone a
 * quoted API key).
 */
export function pageFacing(deps: BackgroundDeps) {
  return {
    getSettings: () => deps.settings.get(),
    getChains: () => forPages(deps.catalog.chains.get()),
    getTokens: async (chainId: number) => (await forPages(deps.catalog.tokens.get()))[String(chainId)] ?? [],
    // Through the same check as the popup's searches: a route that is not what was asked for never reaches the card.
    getRoutes: async (request: RoutesRequest, signal: AbortSignal) =>
      forPages(fetchVerifiedRoutes(deps, request, signal, (await deps.settings.get()).slippage)),
  };
}

function forPages<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw new BaseError(userMessage(err));
  });
}
