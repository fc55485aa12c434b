import type { SpokenLanguage } from '../../i18n/catalog';
import type { Prefill } from '../../model/prefill';
import type { Chain, Token } from '../../schemas/catalog';
import type { RouteOrder, RoutesRequest } from '../../schemas/requests';
import type { Route } from '../../schemas/route';
import type { QuoteBudget } from '../loader/quoteBudget';
import type { QuoteCache } from './quoteCache';

/**
 * What the background gives the card's messages (src/background/messages/registerAll.ts). The card reaches the
 * service only through these functions, whose errors keep only the plain-words message: a web page learns nothing
 * of the service's answers, let alone a quoted API key.
 */
export type CardDeps = {
  /** Current settings; `inlineQuotes: false` makes detectExplorerToken answer null, so no card appears. */
  getSettings(): Promise<{
    inlineQuotes: boolean;
    slippage: number;
    routeOrder: RouteOrder;
    bridges: { allow: string[]; deny: string[]; prefer: string[] };
  }>;
  /**
   * The language chosen in Settings when it is not the browser's, with its catalog: the card's content script cannot
   * read either, and speaks it from its first word (../card/cardLanguage.ts). Absent in tests of other things.
   */
  spokenLanguage?(): Promise<SpokenLanguage | undefined>;
  /** Cached catalog. */
  getChains(): Promise<Chain[]>;
  /** Cached catalog tokens of one chain. */
  getTokens(chainId: number): Promise<Token[]>;
  /**
   * Routes through the background's client and its route check (it adds the API key; the content script never does).
   * A search kept back for the person's own transfers fails with a QuotesPausedError (../loader/quoteBudget.ts).
   */
  getRoutes(request: RoutesRequest, signal: AbortSignal): Promise<{ routes: Route[] }>;
  /** Stores the prefill the popup takes with takePrefill. */
  setPrefill(prefill: Prefill): Promise<void>;
  /** Opens the popup, or popup.html in a tab where that is not allowed. */
  /** Opens the popup for the tab `fromTabId` (the card's), whose wallet it then uses. */
  openPopup(fromTabId?: number): Promise<void>;
  /** Route requests each tab's card may cause (../loader/quoteBudget.ts); a test seam. */
  quoteBudget?: QuoteBudget;
  /** Quotes shared by every tab for a few minutes (./quoteCache.ts); a test seam. */
  quoteCache?: QuoteCache;
  /** The background's clock, for the budget and the shared quotes (simulated in the bench). */
  now?: () => number;
};

/** The deps and the state the card's messages share for as long as the worker runs. */
export type CardContext = CardDeps & {
  budget: QuoteBudget;
  quotes: QuoteCache;
  /** One quote request in flight per frame: a newer amount or destination aborts the older search. */
  inFlight: Map<string, AbortController>;
};
