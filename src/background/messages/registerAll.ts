import { BaseError } from '../../errors/base';
import { userMessage } from '../../errors/userMessage';
import { QuotesPausedError } from '../../explorerCard/loader/quoteBudget';
import { registerCardMessages } from '../../explorerCard/messages/register';
import type { RegisterMessages } from '../../messaging/defineMessage';
import type { RoutesRequest } from '../../schemas/requests';
import { AllowanceReservedError } from '../api/allowance';
import type { BackgroundDeps } from '../deps';
import { openPopupOrTab } from '../openPopup';
import { setPrefill } from '../prefill';
import { fetchVerifiedRoutes } from '../verifiedRoutes';
import { backgroundMessages } from './list';

/** Every message of the protocol gets its handler here, synchronously, at the top of the worker's main. */
export function registerAllMessages(register: RegisterMessages, deps: BackgroundDeps): void {
  register(backgroundMessages, deps);
  // The explorer card's messages (detectExplorerToken, getInlineQuotes, openPrefilled) reach the service only
  // through pageFacing.
  registerCardMessages(register, {
    ...pageFacing(deps),
    setPrefill: (prefill) => setPrefill(prefill),
    openPopup: openPopupOrTab,
    now: deps.api.now,
  });
}

/**
 * What the explorer card's side of the background may use. It reaches the service only through these functions,
 * whose errors keep only the plain-words message (a web page learns nothing of the service's answers, let alone a
 * quoted API key).
 */
export function pageFacing(deps: BackgroundDeps) {
  return {
    getSettings: () => deps.settings.get(),
    spokenLanguage: () => deps.language.spoken(),
    getChains: () => forPages(deps.catalog.chains.get()),
    getTokens: async (chainId: number) => (await forPages(deps.catalog.tokens.get()))[String(chainId)] ?? [],
    // Through the same check as the popup's searches: a route that is not what was asked for never reaches the card.
    // Spent above the reserve kept for the person's own transfers (src/background/api/allowance.ts).
    getRoutes: async (request: RoutesRequest, signal: AbortSignal) =>
      forPages(fetchVerifiedRoutes(deps, request, signal, (await deps.settings.get()).slippage, 'card')),
  };
}

function forPages<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    // Kept back for the person's own transfers: the card pauses calmly rather than showing an error.
    if (err instanceof AllowanceReservedError) throw new QuotesPausedError();
    throw new BaseError(userMessage(err));
  });
}
