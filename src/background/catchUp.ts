import { removeLegacyExplorerScript } from '../explorerCard/loader/legacyScript';
import type { Chain } from '../schemas/catalog';
import type { Catalog } from './cache/catalog';
import type { Executions } from './execution/executions';
import type { BackgroundLanguage } from './language';
import { updateBadge } from './transfers/badge';
import type { Expectations } from './transfers/expectations';
import type { TransferScheduler } from './transfers/transferScheduler';
import type { TransferStore } from './transfers/transferStore';

/**
 * What a starting worker catches up on, after its listeners are registered: executions and sends a stopped worker
 * left running, the badge, due checks and missed notifications, the first chain list. Never rejects.
 */
export async function catchUp(deps: {
  /** The storage restriction, applied before anything reads the API key. */
  restricted: Promise<void>;
  language: BackgroundLanguage;
  catalog: Catalog;
  chains: () => Promise<Chain[] | undefined>;
  store: TransferStore;
  executions: Executions;
  scheduler: TransferScheduler;
  expectations: Expectations;
}): Promise<void> {
  try {
    await deps.restricted;
    // The catch-up below writes words (a send the stopped worker left running) and notifies missed outcomes.
    await deps.language.settled();
    deps.catalog.warm();
    // Executions an older version stored with no transfer beside them (the storage migration folds the others).
    await deps.store.adoptLegacyExecutions();
    await deps.executions.recover();
    await updateBadge();
    await deps.scheduler.start();
    await deps.expectations.purge();
    await removeLegacyExplorerScript().catch((err) => console.warn('[background] legacy script cleanup', err));
    // With no chain list stored yet (first start after install), fetch it now, so the first explorer token page
    // the person opens does not wait for it; a start with a stored list (often an alarm wake-up) sends nothing.
    if (!(await deps.chains()))
      await deps.catalog.chains.get().catch((err) => console.warn('[background] could not fetch the chain list', err));
  } catch (err) {
    console.error('[background] start-up catch-up failed', err);
  }
}
