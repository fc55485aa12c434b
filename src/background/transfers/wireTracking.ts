import type { Chain } from '../../schemas/catalog';
import type { RoutingApi } from '../api/routingApi';
import { createArrivalWatch } from '../arrival/arrivalWatch';
import { chainNamer } from '../chainNames';
import type { ChainReads } from '../chainReads';
import type { BackgroundLanguage } from '../language';
import type { Expectations } from './expectations';
import { sourceTxLinkFrom, whereToLookFrom } from './explorerLinks';
import { createNotifier } from './notifications';
import { createTransferScheduler, type Timers } from './transferScheduler';
import type { TransferStore } from './transferStore';
import { createTransferTracker } from './transferTracker';
import { readArrivalThrough, readSentThrough } from './trustedReads';

/**
 * The tracking of sent transfers, wired: the tracker (status checks, chain reads of what was sent and what arrived),
 * the scheduler that wakes it, the arrival watch and the notifier of outcomes.
 */
export function wireTracking(deps: {
  store: TransferStore;
  api: RoutingApi;
  reads: ChainReads;
  chains: () => Promise<Chain[] | undefined>;
  language: BackgroundLanguage;
  notificationsOn: () => Promise<boolean>;
  now: () => number;
  timers?: Timers;
  fetch?: typeof fetch;
  /** The sends about to be asked of a wallet, with the account's nonce read right before (expectations.ts). */
  expectations?: Pick<Expectations, 'nonceFor'>;
}) {
  const { store, api, reads, chains, language, now } = deps;
  const notifier = createNotifier({
    store,
    enabled: deps.notificationsOn,
    chainName: async () => chainNamer(await chains()),
    coinOf: async () => {
      const list = await chains();
      return (id) => list?.find((c) => c.id === id)?.nativeToken;
    },
    now,
  });
  // Reads the destination chain through the RPC the extension trusts, so a confirmation need not wait for a poll.
  const watch = createArrivalWatch({ rpcUrl: reads.rpcUrl, now, fetch: deps.fetch });
  const tracker = createTransferTracker({
    store,
    getStatus: (p) => api.getStatus(p),
    readSent: readSentThrough(reads),
    notifier,
    now,
    whereToLook: whereToLookFrom(chains),
    sourceTxLink: sourceTxLinkFrom(chains),
    // A looked-up transfer whose token the service has not named cannot be seen arriving: not watched, asked more.
    scheduleHints: async (record) =>
      record.lookedUp && !record.lookedUp.toTokenNamed ? { watched: false } : watch.hints(record),
    readArrival: readArrivalThrough(reads),
    nonceAtSend: async (input) => deps.expectations?.nonceFor(input.approvedTx),
  });
  const scheduler = createTransferScheduler({
    store,
    // An alarm may be what woke the worker: a check's words (stored, notified) wait for its language.
    tracker: { ...tracker, check: (txHash) => language.settled().then(() => tracker.check(txHash)) },
    notifyOnce: (r) => notifier.notifyOnce(r),
    now,
    timers: deps.timers,
    watch,
    admit: (urgent) => api.budget.takeBackground(urgent),
  });
  return { notifier, tracker, scheduler };
}
