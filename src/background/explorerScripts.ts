import { browser } from 'wxt/browser';
import { syncExplorerRegistrations } from '../explorers/registration';
import type { Chain } from '../schemas/catalog';

/**
 * Keeps the dynamically registered explorer detector (src/explorers/registration.ts) in step with the chain
 * list and the host permissions the person granted: on start, when the chain list is fetched anew, and when
 * permissions are added or removed. Syncs are serialised; a failure is logged and retried on the next trigger.
 */
export type ExplorerScripts = { sync(chains?: Chain[]): Promise<void>; listen(): () => void };

export function createExplorerScripts(getChains: () => Promise<Chain[]>): ExplorerScripts {
  let queue: Promise<void> = Promise.resolve();
  const sync = (chains?: Chain[]) => {
    queue = queue
      .then(async () => {
        await syncExplorerRegistrations(chains ?? (await getChains()));
      })
      .catch((err) => console.warn('[explorers] could not sync the content script registration', err));
    return queue;
  };
  return {
    sync,
    listen() {
      const onChange = () => void sync();
      browser.permissions.onAdded.addListener(onChange);
      browser.permissions.onRemoved.addListener(onChange);
      return () => {
        browser.permissions.onAdded.removeListener(onChange);
        browser.permissions.onRemoved.removeListener(onChange);
      };
    },
  };
}
