import { i18n } from '#i18n';
import { createRpcReader, hostOf } from '../chains/rpcReader';
import { trustedRpcUrl } from '../chains/trustedRpc';
import { createSimulator } from '../checks/simulation/simulateBeforeSigning';
import { confirmArrivalAt } from '../confirmation/confirmArrival';
import { userMessage } from '../errors/userMessage';
import { createCardLoader } from '../explorerCard/loader/cardLoader';
import { listenGrantedPages } from '../explorerCard/loader/grantedPages';
import { removeLegacyExplorerScript } from '../explorerCard/loader/legacyScript';
import { listenTokenPages } from '../explorerCard/loader/tokenPageEvents';
import { safeLink } from '../format/links';
import { removeAllListeners } from '../messaging/protocol';
import type { ExecutionRecord, SentTransfer } from '../model/transfer';
import type { DestinationGasDeps } from '../signing/destinationGas';
import { openTabWallet } from '../wallet/tabWallet';
import { createRoutingApi, type RoutingApiOptions } from './api/routingApi';
import { createArrivalWatch } from './arrival/arrivalWatch';
import { createCatalog } from './cache/catalog';
import { createRoutesCache } from './cache/routesCache';
import { chainNamer, explorerTxUrl } from './chainNames';
import type { BackgroundDeps } from './deps';
import { noticeNeedsPerson, registerExecutionNoticeClicks } from './execution/executionNotices';
import { createExecutions } from './execution/executions';
import { followStep, steppedOn } from './execution/followStep';
import { readGasArrival } from './execution/gasArrival';
import { createKeepAlive } from './execution/keepAlive';
import { createImportedTokens } from './importedTokens';
import { followLanguage } from './language';
import { pageFacing, registerAllMessages } from './messages/registerAll';
import { createRegister } from './messages/registry';
import { createSettingsService } from './settings';
import { restrictLocalStorage } from './storageAccess';
import { updateBadge } from './transfers/badge';
import { createExpectations } from './transfers/expectations';
import { createNotifier, registerNotificationClicks } from './transfers/notifications';
import type { SentReadOutcome } from './transfers/sentCheck';
import { createTransferScheduler, type Timers } from './transfers/transferScheduler';
import { createTransferStore } from './transfers/transferStore';
import { createTransferTracker } from './transfers/transferTracker';
import { fetchVerifiedStep } from './verifiedStep';

type ExecutionStepFunctions = Parameters<typeof createExecutions>[0]['steps'];

export type StartOptions = {
  /** Test seams: HTTP, clock, timers, client retry and queue policy. */
  fetch?: typeof fetch;
  now?: () => number;
  timers?: Timers;
  retry?: RoutingApiOptions['retry'];
  queue?: RoutingApiOptions['queue'];
  /** The RPC the extension trusts per chain (default src/chains/trustedRpc.ts); tests name their own chains. */
  trustedRpc?: (chainId: number, overrides: Readonly<Record<string, string>>) => string | undefined;
};

export type BackgroundRuntime = {
  deps: BackgroundDeps;
  /** The functions the signing flow calls for each step (record a sent transfer, expect one, fetch a step). */
  steps: ExecutionStepFunctions;
  /** Resolves when the start-up catch-up (badge, due checks, missed notifications) is done. */
  ready: Promise<void>;
  /** Removes every listener (tests simulate the worker stopping with it). */
  stop(): void;
};

/**
 * Builds the background and wires every listener synchronously (an MV3 worker woken by an event must have its
 * listeners registered before the first await), then starts the asynchronous catch-up without blocking.
 */
export function startBackground(options: StartOptions = {}): BackgroundRuntime {
  const now = options.now ?? Date.now;
  // First, before anything reads or writes the API key.
  const restricted = restrictLocalStorage();
  const settings = createSettingsService();
  // The language chosen in Settings, awaited by whatever builds words: messages, notifications, status checks.
  const language = followLanguage(settings);
  const api = createRoutingApi({
    settings,
    fetch: options.fetch,
    retry: options.retry,
    queue: { now, ...options.queue },
  });
  const catalog = createCatalog(api, now);
  // Another routing service chosen (Settings, or a profile's first settings): its chain list is fetched at once, so
  // the popup or explorer card opened next finds it on the way or stored instead of asking and waiting.
  let serviceUrl: string | undefined;
  const unfollowService = settings.subscribe((next) => {
    if (serviceUrl !== undefined && next.apiBaseUrl !== serviceUrl) {
      for (const listing of [catalog.chains, catalog.tools]) {
        listing.get().catch((err) => console.warn('[background] could not fetch the new service catalog', err));
      }
    }
    serviceUrl = next.apiBaseUrl;
  });
  void settings.get().then((current) => {
    serviceUrl ??= current.apiBaseUrl;
  });
  const routes = createRoutesCache({ now });
  const chains = async () => {
    await catalog.chains.warm();
    return catalog.chains.peek()?.value;
  };
  const needsPerson = async (record: ExecutionRecord) => {
    await language.settled();
    const list = await chains();
    return noticeNeedsPerson(record, (await settings.get()).notifications, chainNamer(list), list);
  };
  const readGasFunds: DestinationGasDeps['readGasFunds'] = async (chainId, owner) => {
    const url = await rpcUrlFor(chainId);
    const read = url ? await rpc.readGasFunds(url, owner).catch(() => undefined) : undefined;
    return read?.rpcChainId === chainId ? read : undefined;
  };
  /** The next step's gas as the chain shows it (gasArrival.ts), kept on the record for the popup. */
  const keepGasRead = async (record: ExecutionRecord, known?: ExecutionRecord['execution']['gasRead']) => {
    const gasRead = known ?? (await readGasArrival(record, { readGasFunds }));
    if (!gasRead) return;
    await store.update(record.id, (current) =>
      current?.execution?.phase === 'needsSignature' && current.execution.step === record.execution.step
        ? { ...current, execution: { ...current.execution, gasRead } }
        : current,
    );
  };
  const store = createTransferStore({
    // A route of several steps goes on once a step has arrived, in the same write as the arrival.
    afterSend: (record) => followStep(record, now()),
    onChange: async (all, before, after) => {
      await updateBadge(all);
      if (steppedOn(before, after)) {
        const record = after as ExecutionRecord;
        // One read before the notice, so it can say the gas; Gas.zip may pay later: then only the popup says it.
        // Kept by a later write, not awaited here: this listener runs inside the store's write.
        const first = await readGasArrival(record, { readGasFunds }, 1).catch(() => undefined);
        void keepGasRead(record, first).catch((err) => console.warn('[background] gas read failed', err));
        const told = first ? { ...record, execution: { ...record.execution, gasRead: first } } : record;
        await needsPerson(told).catch((err) => console.warn('[background] notice failed', err));
      }
    },
  });
  const notifier = createNotifier({
    store,
    enabled: async () => {
      await language.settled();
      return (await settings.get()).notifications;
    },
    chainName: async () => chainNamer(await chains()),
    now,
  });
  const whereToLook = async (record: SentTransfer) => {
    const list = await chains();
    return (
      safeLink(record.sendingTxLink) ??
      explorerTxUrl(list, record.fromChainId, record.txHash) ??
      i18n.t('track.explorerSearch', [chainNamer(list)(record.fromChainId), record.txHash])
    );
  };
  const rpcUrlFor = async (chainId: number) =>
    (options.trustedRpc ?? trustedRpcUrl)(chainId, (await settings.get()).rpcUrls);
  // Reads the destination chain through the RPC the extension trusts, so a confirmation need not wait for a poll.
  const watch = createArrivalWatch({ rpcUrl: rpcUrlFor, now, fetch: options.fetch });
  const rpc = createRpcReader({ fetch: options.fetch });
  const readSent = async (record: SentTransfer): Promise<SentReadOutcome> => {
    // Only the person's settings or the build's pins: never an RPC URL named by a page or the routing service.
    const url = await rpcUrlFor(record.approvedTx.chainId);
    if (url === undefined) return { kind: 'noTrustedRpc' };
    try {
      return { kind: 'read', rpcHost: hostOf(url), read: await rpc.readSentTransaction(url, record.txHash) };
    } catch (err) {
      return { kind: 'error', rpcHost: hostOf(url), message: userMessage(err) };
    }
  };
  const tracker = createTransferTracker({
    store,
    getStatus: (p) => api.getStatus(p),
    readSent,
    notifier,
    now,
    whereToLook,
    sourceTxLink: async (input) => safeLink(explorerTxUrl(await chains(), input.fromChainId, input.txHash)),
    scheduleHints: (record) => watch.hints(record),
    // A reported arrival is read through the destination chain's trusted RPC, as the sent transaction is.
    readArrival: async (params) => confirmArrivalAt(await rpcUrlFor(params.chainId), params),
  });
  const scheduler = createTransferScheduler({
    store,
    // An alarm may be what woke the worker: a check's words (stored, notified) wait for its language.
    tracker: { ...tracker, check: (txHash) => language.settled().then(() => tracker.check(txHash)) },
    notifyOnce: (r) => notifier.notifyOnce(r),
    now,
    timers: options.timers,
    watch,
    admit: (urgent) => api.budget.takeBackground(urgent),
  });
  const expectations = createExpectations(now);
  // What the signing flow reaches for each step (the service's step transaction, the tracker, the relay's watch):
  // the background's own functions, which tests drive directly (no message sends them).
  const steps: ExecutionStepFunctions = {
    getStepTransaction: (data) => fetchVerifiedStep(api, data),
    trackTransfer: async (input, owner) => {
      const record = await tracker.record(input, owner);
      await scheduler.reschedule();
      return record;
    },
    expectTransfer: ({ watchId, tabId, transfer, owner }) => expectations.expect(watchId, tabId, transfer, owner),
    // Every transaction is simulated through the chain's trusted RPC before the wallet is asked to sign it.
    simulator: createSimulator({ rpcUrl: rpcUrlFor, fetch: options.fetch }),
  };
  const executions = createExecutions({
    store,
    now,
    openTabWallet,
    chain: async (chainId) => (await catalog.chains.get()).find((c) => c.id === chainId),
    steps,
    keepAlive: createKeepAlive(),
    needsPerson,
    readGasFunds,
  });
  const importedTokens = createImportedTokens();
  const deps: BackgroundDeps = {
    settings,
    language,
    api,
    catalog,
    routes,
    importedTokens,
    store,
    tracker,
    scheduler,
    expectations,
    executions,
    chainReads: { rpcUrl: rpcUrlFor, rpc },
  };

  registerAllMessages(
    createRegister(async () => [(await settings.get()).apiKey], language.settled),
    deps,
  );
  const removeAlarm = scheduler.listen();
  const removeClicks = registerNotificationClicks(store);
  const removeExecutionClicks = registerExecutionNoticeClicks();
  const unwatchSettings = settings.watch();
  const cards = createCardLoader(pageFacing(deps));
  const removeTokenPages = listenTokenPages((visit) => void cards.show(visit));
  const removeGrantedPages = listenGrantedPages((visit) => void cards.show(visit));

  const ready = (async () => {
    await restricted;
    // The catch-up below writes words (a send the stopped worker left running) and notifies missed outcomes.
    await language.settled();
    catalog.warm();
    // Executions an older version stored with no transfer beside them (the storage migration folds the others).
    await store.adoptLegacyExecutions();
    await executions.recover();
    await updateBadge();
    await scheduler.start();
    await expectations.purge();
    await removeLegacyExplorerScript().catch((err) => console.warn('[background] legacy script cleanup', err));
    // With no chain list stored yet (first start after install), fetch it now, so the first explorer token page
    // the person opens does not wait for it; a start with a stored list (often an alarm wake-up) sends nothing.
    if (!(await chains()))
      await catalog.chains.get().catch((err) => console.warn('[background] could not fetch the chain list', err));
  })().catch((err) => console.error('[background] start-up catch-up failed', err));

  return {
    deps,
    steps,
    ready,
    stop() {
      removeAllListeners();
      importedTokens.stop();
      removeAlarm();
      removeClicks();
      removeExecutionClicks();
      unwatchSettings();
      language.stop();
      unfollowService();
      removeTokenPages();
      removeGrantedPages();
      scheduler.stopTimer();
    },
  };
}
