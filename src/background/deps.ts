import type { RpcReader } from '../chains/rpcReader';
import type { RoutingApi } from './api/routingApi';
import type { Catalog } from './cache/catalog';
import type { RoutesCache } from './cache/routesCache';
import type { Executions } from './execution/executions';
import type { ImportedTokens } from './importedTokens';
import type { BackgroundLanguage } from './language';
import type { SettingsService } from './settings';
import type { Expectations } from './transfers/expectations';
import type { TransferScheduler } from './transfers/transferScheduler';
import type { TransferStore } from './transfers/transferStore';
import type { TransferTracker } from './transfers/transferTracker';

/** Everything the messages' handlers use (src/background/messages/), built once per worker start by startBackground. */
export type BackgroundDeps = {
  settings: SettingsService;
  /** The language chosen in Settings, as the worker speaks it (./language.ts). */
  language: BackgroundLanguage;
  api: RoutingApi;
  catalog: Catalog;
  routes: RoutesCache;
  /** The tokens the person imported by address (found by token searches). */
  importedTokens: ImportedTokens;
  store: TransferStore;
  tracker: TransferTracker;
  scheduler: TransferScheduler;
  /** Transfers the popup asked a tab's wallet to send, reported by the relay if the popup closed meanwhile. */
  expectations: Expectations;
  /** Transfers the person confirmed, carried out here so the popup may close (src/background/execution/). */
  executions: Executions;
  /** Reads of a chain through the RPC the extension trusts for it (src/chains/trustedRpc.ts and the settings). */
  chainReads: { rpcUrl(chainId: number): Promise<string | undefined>; rpc: RpcReader };
};
