import { createSimulator } from '../checks/simulation/simulateBeforeSigning';
import { openTabWallet } from '../wallet/tabWallet';
import { createRoutingApi, type RoutingApiOptions } from './api/routingApi';
import { createCatalog } from './cache/catalog';
import { storedChainList } from './cache/chainList';
import { fetchCatalogOnServiceChange } from './cache/followService';
import { createRoutesCache } from './cache/routesCache';
import { catchUp } from './catchUp';
import { createChainReads, type TrustedRpc } from './chainReads';
import type { BackgroundDeps } from './deps';
import { createExecutionSteps } from './execution/executionSteps';
import { createExecutions, type ExecutionSteps } from './execution/executions';
import { followStep } from './execution/followStep';
import { gasFundsReader } from './execution/gasFunds';
import { createKeepAlive } from './execution/keepAlive';
import { createNeedsPerson } from './execution/needsPerson';
import { createNextStepNotice } from './execution/nextStepNotice';
import { createImportedTokens } from './importedTokens';
import { followLanguage } from './language';
import { listenAll } from './listeners';
import { notificationsOn } from './notificationsOn';
import { rememberSentRecipients } from './recentRecipients';
import { createSettingsService } from './settings';
import { restrictLocalStorage } from './storageAccess';
import { updateBadge } from './transfers/badge';
import { createExpectations } from './transfers/expectations';
import type { Timers } from './transfers/transferScheduler';
import { createTransferStore } from './transfers/transferStore';
import { readNonceBeforeSend } from './transfers/trustedReads';
import { wireTracking } from './transfers/wireTracking';

export type StartOptions = {
  /** Test seams: HTTP, clock, timers, client retry and queue policy. */
  fetch?: typeof fetch;
  now?: () => number;
  timers?: Timers;
  retry?: RoutingApiOptions['retry'];
  queue?: RoutingApiOptions['queue'];
  /** The RPC the extension trusts per chain (default src/chains/trustedRpc.ts); tests name their own chains. */
  trustedRpc?: TrustedRpc;
};

export type BackgroundRuntime = {
  deps: BackgroundDeps;
  /** The functions the signing flow calls for each step (record a sent transfer, expect one, fetch a step). */
  steps: ExecutionSteps;
  /** Resolves when the start-up catch-up (badge, due checks, missed notifications) is done. */
  ready: Promise<void>;
  /** Removes every listener (tests simulate the worker stopping with it). */
  stop(): void;
};

/**
 * Builds the background from its modules and wires every listener synchronously (an MV3 worker woken by an event
 * must have its listeners registered before the first await), then starts the catch-up (catchUp.ts) without
 * blocking. Nothing here does work of its own: each piece lives in the folder of its job.
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
  const unfollowService = fetchCatalogOnServiceChange(settings, catalog);
  const chains = storedChainList(catalog);
  const chainReads = createChainReads({ settings, trustedRpc: options.trustedRpc, fetch: options.fetch });
  const readGasFunds = gasFundsReader(chainReads);
  const wantsNotices = notificationsOn(language, settings);
  const needsPerson = createNeedsPerson({ enabled: wantsNotices, chains });
  const nextStepNotice = createNextStepNotice({ readGasFunds, needsPerson, update: (id, fn) => store.update(id, fn) });
  const store = createTransferStore({
    // A route of several steps goes on once a step has arrived, in the same write as the arrival.
    afterSend: (record) => followStep(record, now()),
    onChange: async (all, before, after) => {
      await updateBadge(all);
      await nextStepNotice(before, after);
      await rememberSentRecipients(before, after);
    },
  });
  // Each send about to be asked of a wallet, with the account's nonce read right before through the trusted RPC.
  const expectations = createExpectations(now, readNonceBeforeSend(chainReads));
  const { tracker, scheduler } = wireTracking({
    store,
    expectations,
    api,
    reads: chainReads,
    chains,
    language,
    notificationsOn: wantsNotices,
    now,
    timers: options.timers,
    fetch: options.fetch,
  });
  const steps = createExecutionSteps({
    api,
    tracker,
    scheduler,
    expectations,
    simulator: createSimulator({ rpcUrl: chainReads.rpcUrl, fetch: options.fetch }),
  });
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
  const routes = createRoutesCache({ now });
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
    chainReads,
  };
  const removeListeners = listenAll(deps);
  const ready = catchUp({ restricted, language, catalog, chains, store, executions, scheduler, expectations });

  return {
    deps,
    steps,
    ready,
    stop() {
      removeListeners();
      importedTokens.stop();
      language.stop();
      unfollowService();
      scheduler.stopTimer();
    },
  };
}
