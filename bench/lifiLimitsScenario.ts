import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startServer } from '../server/app';
import { forgetSearchVerdicts } from '../src/background/provenRoutes';
import { startBackground } from '../src/background/startBackground';
import { removeAllListeners } from '../src/messaging/protocol';
import type { Sender } from '../src/messaging/sender';
import type { Route } from '../src/schemas/route';
import { routeToStep } from '../src/signing/routeStep';
import { stepsOf } from '../src/signing/routeSteps';
import { defaultSettings, settingsItem } from '../src/storage/settings';
import { closeTokenDbForTests } from '../src/storage/tokenDb';
import { createClock, EXTENSION_ID, installPermissionFakes, PAGE, send } from '../testing/background/harness';

/**
 * A person's two hours against the LI.FI twin's real limiter (server/limits/lifiAccess.ts) in simulated time, through
 * the real background (fakeBrowser, real loopback HTTP): 60 token page views in four tabs (the explorer card's
 * getInlineQuotes, as the card sends it), the popup opened 15 times (its opening messages, the person's route search,
 * its automatic refresh every 30 s while it stays open 90 s, stopped as the popup store stops it when few searches
 * are left), and 5 of those openings end in a transfer (its step transaction, fetched as the signing flow does).
 * Run by bench/lifiLimits.ts inside Vite with WXT's test plugins, as bench/background.ts runs its scenarios.
 */
export type LimitsSession = {
  keyed: boolean;
  pageViews: number;
  /** Route searches the card's page views sent to the service. */
  cardSearches: number;
  /** Page views answered from the shared quotes without a search. */
  cardFromCache: number;
  /** Page views the background paused (kept for the person's transfers). */
  cardPaused: number;
  popupOpens: number;
  transfers: number;
  /** Transfers that got routes and a step transaction. */
  transfersServed: number;
  /** Route searches per transfer (its popup session: the person's search and the refreshes that went out). */
  searchesPerTransfer: number[];
  /** The person's searches that failed in the popup (a 429 or any refusal): what the popup would show. */
  popupFailures: number;
  /** Automatic refreshes not sent (few left, or kept back for the reserve). */
  refreshesHeld: number;
  /** 429 answers of the service, to any request. */
  rateLimited: number;
  routeSearches: number;
  stepTransactions: number;
  /** The fewest route searches left that the popup read after a search (its allowance line), and the limit. */
  left: { remaining: number; limit: number } | undefined;
};

const MINUTE = 60_000;
const KEY = 'bench-lifi-default-key';
const ACCOUNT = '0x1111111111111111111111111111111111111111';

function freshBrowser() {
  removeAllListeners();
  // A new service worker: nothing remembered of the other session's searches.
  forgetSearchVerdicts();
  fakeBrowser.reset();
  closeTokenDbForTests();
  globalThis.indexedDB = new IDBFactory();
  installPermissionFakes();
}

type Phase = 'card' | 'popup' | 'transfer';

export async function lifiLimitsSession(keyed: boolean): Promise<LimitsSession> {
  freshBrowser();
  const clock = createClock(Date.UTC(2026, 10, 26, 9));
  const service = await startServer({
    dialect: 'lifi',
    logLevel: 'silent',
    keys: { keys: [{ key: KEY, tier: 'standard', name: 'bench' }] },
    rateLimit: { now: clock.now },
  });
  let phase: Phase = 'card';
  const counts = { card: 0, popup: 0, transfer: 0, steps: 0, rateLimited: 0 };
  // Counts what reaches the service, by who caused it (the scenario runs one thing at a time).
  const counting: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await fetch(input, init);
    if (response.status === 429) counts.rateLimited++;
    if (url.endsWith('/v1/advanced/routes')) counts[phase]++;
    if (url.endsWith('/v1/advanced/stepTransaction')) counts.steps++;
    return response;
  };
  try {
    await settingsItem.setValue({
      ...defaultSettings(),
      apiBaseUrl: service.url,
      apiDialect: 'lifi',
      apiKey: keyed ? KEY : '',
    });
    const runtime = startBackground({
      now: clock.now,
      fetch: counting,
      timers: { set: () => undefined, clear: () => undefined },
    });
    await runtime.ready;
    const tokens = await pageTokens(service.url);

    const result: LimitsSession = {
      keyed,
      pageViews: 0,
      cardSearches: 0,
      cardFromCache: 0,
      cardPaused: 0,
      popupOpens: 0,
      transfers: 0,
      transfersServed: 0,
      searchesPerTransfer: [],
      popupFailures: 0,
      refreshesHeld: 0,
      rateLimited: 0,
      routeSearches: 0,
      stepTransactions: 0,
      left: undefined,
    };

    const viewPage = async (view: number) => {
      // Views come in threes: a token, the same token in another tab a moment later, another token.
      const group = Math.floor(view / 3);
      const token = tokens[(group * 2 + (view % 3 === 2 ? 1 : 0)) % tokens.length]!;
      const tabId = (view % 4) + 1;
      const sender: Sender = {
        id: EXTENSION_ID,
        url: `https://etherscan.io/token/${token.address}`,
        tab: { id: tabId } as Sender['tab'],
        frameId: 0,
      };
      phase = 'card';
      const before = counts.card;
      const reply = await send(
        'getInlineQuotes',
        { chainId: 1, tokenAddress: token.address, amount: token.amount },
        sender,
      );
      result.pageViews++;
      if (counts.card === before && reply.ok) result.cardFromCache++;
      if (!reply.ok && reply.error.code === 'QUOTES_PAUSED') result.cardPaused++;
    };

    const openPopup = async (opening: number) => {
      result.popupOpens++;
      const transfer = opening % 3 === 2;
      phase = transfer ? 'transfer' : 'popup';
      const before = counts[phase];
      await Promise.all([
        send('getSettings', undefined, PAGE),
        send('getChains', undefined, PAGE),
        send('getTools', undefined, PAGE),
        send('getTransfers', undefined, PAGE),
      ]);
      // A new amount each time: the person's own search is never an earlier answer.
      const request = {
        fromChainId: '1',
        fromTokenAddress: tokens[0]!.address,
        toChainId: '42161',
        toTokenAddress: USDC_ARB,
        fromAmount: String(100_000_000 + opening * 1_000_000),
        fromAddress: ACCOUNT,
      };
      const search = await send('getRoutes', { request, channel: `popup-${opening}` }, PAGE);
      if (!search.ok || search.value.routes.length === 0) result.popupFailures++;
      const seen = await send('getServiceHold', undefined, PAGE);
      const routesLeft = seen.ok ? seen.value.routes : undefined;
      if (routesLeft && (!result.left || routesLeft.remaining < result.left.remaining)) {
        result.left = { remaining: routesLeft.remaining, limit: routesLeft.limit };
      }
      let routes: Route[] = search.ok ? search.value.routes : [];
      // Open 90 s: the store refreshes every 30 s, unless few searches are left (routesSlice.ts).
      for (let refresh = 0; refresh < 3; refresh++) {
        clock.advance(30_000);
        const hold = await send('getServiceHold', undefined, PAGE);
        if (hold.ok && hold.value.routes?.low) {
          result.refreshesHeld++;
          continue;
        }
        const again = await send('getRoutes', { request, channel: `popup-${opening}`, purpose: 'refresh' }, PAGE);
        if (again.ok) routes = again.value.routes;
        else if (again.error.name === 'AllowanceReservedError') result.refreshesHeld++;
        else result.popupFailures++;
      }
      if (!transfer) return;
      result.transfers++;
      result.searchesPerTransfer.push(counts.transfer - before);
      const first = routes[0] && stepsOf(routes[0])[0];
      if (!first) return;
      try {
        // The first step, made from the route as the signing flow makes it (src/signing/executeTransfer.ts).
        const sent = await runtime.steps.getStepTransaction({
          step: routeToStep(first, ACCOUNT, ACCOUNT),
          senderAddress: ACCOUNT,
          recipientAddress: ACCOUNT,
        });
        if (sent.transactionRequest) result.transfersServed++;
      } catch (err) {
        console.error('bench: lifi limits: step transaction failed', err);
      }
    };

    // Two hours: a page view every two minutes, the popup opened every eight.
    let view = 0;
    let opening = 0;
    for (let minute = 0; minute < 120; minute += 2) {
      await viewPage(view++);
      if (minute % 8 === 4 && opening < 15) await openPopup(opening++);
      clock.set(Date.UTC(2026, 10, 26, 9) + (minute + 2) * MINUTE);
    }
    runtime.stop();
    result.cardSearches = counts.card;
    result.routeSearches = counts.card + counts.popup + counts.transfer;
    result.stepTransactions = counts.steps;
    result.rateLimited = counts.rateLimited;
    return result;
  } finally {
    await service.close();
  }
}

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

/** Ethereum tokens the twin lists, each with an amount worth about 100 USD (the card's default is of that order). */
async function pageTokens(serviceUrl: string): Promise<{ address: string; amount: string }[]> {
  const body = (await (await fetch(`${serviceUrl}/v1/tokens?chains=1`)).json()) as {
    tokens: Record<string, { address: string; priceUSD?: string; decimals: number }[]>;
  };
  const list = body.tokens['1'] ?? [];
  const tokens = list
    .filter((t) => Number(t.priceUSD) > 0)
    .map((t) => ({ address: t.address, amount: String(Number((100 / Number(t.priceUSD)).toPrecision(2))) }))
    .filter((t) => !t.amount.includes('e'));
  // USDC first: the popup's transfers send it.
  const usdc = tokens.findIndex((t) => t.address.toLowerCase() === '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
  if (usdc > 0) tokens.unshift(...tokens.splice(usdc, 1));
  return tokens;
}
