import type { RegisterMessages } from '../../messaging/defineMessage';
import { createQuoteBudget } from '../loader/quoteBudget';
import type { CardDeps } from './deps';
import { cardMessages } from './list';
import { createQuoteCache } from './quoteCache';

/**
 * The background half of the explorer card (the card itself is injected by ../loader/): its three messages,
 * registered through the background's one registry (`register` checks the sender and the data before `run`) with
 * only the narrow deps the background gives it. Called once per worker start.
 */
export function registerCardMessages(register: RegisterMessages, deps: CardDeps): void {
  register(cardMessages, {
    ...deps,
    budget: deps.quoteBudget ?? createQuoteBudget({ now: deps.now }),
    quotes: deps.quoteCache ?? createQuoteCache({ now: deps.now }),
    inFlight: new Map(),
  });
}
