import { IDBFactory } from 'fake-indexeddb';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BackgroundRuntime, startBackground } from '../../src/background/startBackground';
import type { ProtocolMap } from '../../src/messaging/protocol';
import type { Reply } from '../../src/messaging/reply';
import type { Sender } from '../../src/messaging/sender';
import { defaultSettings, settingsItem } from '../../src/storage/settings';
import { closeTokenDbForTests } from '../../src/storage/tokenDb';
import type { ScriptedServer } from '../scriptedServer';
import { APPROVED_TX } from './fixtures';
import { chainAnswering } from './scriptedChain';

/** Test harness: the real background against a scripted loopback server, with a clock the test moves. */

export const EXTENSION_ID = 'test-extension-id';
export const PAGE: Sender = { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html` };
export const CONTENT: Sender = {
  id: EXTENSION_ID,
  url: 'https://etherscan.io/token/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  // Only the members the sender check reads.
  tab: { id: 7, url: 'https://etherscan.io/token/0xa0b8' } as Sender['tab'],
  frameId: 0,
};
export const OTHER_EXTENSION: Sender = { id: 'another-extension', url: 'chrome-extension://another-extension/x.html' };

export type Clock = { now: () => number; set(ms: number): void; advance(ms: number): void };

export function createClock(start = Date.UTC(2026, 0, 1)): Clock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/** Sends a message the way a popup or content script does: through runtime.onMessage with a sender. */
export function send<K extends keyof ProtocolMap>(
  type: K,
  data: Parameters<ProtocolMap[K]>[0] | unknown,
  sender: Sender = PAGE,
): Promise<ReturnType<ProtocolMap[K]>> {
  return new Promise((resolve, reject) => {
    const message = { id: 1, type, data, timestamp: Date.now() };
    void fakeBrowser.runtime.onMessage
      .trigger(message, sender, (response: { res?: Reply<unknown>; err?: unknown }) => {
        if (response.err !== undefined) reject(response.err);
        else resolve(response.res as ReturnType<ProtocolMap[K]>);
      })
      .then((results) => {
        if (!(results as unknown[]).some((r) => r === true)) reject(new Error(`no handler answered ${type}`));
      });
  });
}

/** Where the harness's scripted trusted RPC for the fixture chain answers. */
export const FIXTURE_RPC_PATH = '/rpc/1';

export type Harness = {
  clock: Clock;
  runtime: BackgroundRuntime;
  /** Drops all in-memory state and starts a new worker on the same storage (a service-worker restart). */
  restart(): Promise<BackgroundRuntime>;
};

/** Points the settings at the server and starts the background. Call after fakeBrowser.reset(). */
export async function startHarness(
  server: ScriptedServer,
  options: { apiKey?: string; grantedHosts?: string[]; chainRpc?: Record<number, string> } = {},
): Promise<Harness> {
  resetIndexedDb();
  const permissions = installPermissionFakes();
  for (const host of options.grantedHosts ?? []) permissions.granted.add(host);
  server.script(`POST ${FIXTURE_RPC_PATH}`, chainAnswering(APPROVED_TX));
  await settingsItem.setValue({
    ...defaultSettings(),
    apiBaseUrl: server.url,
    apiKey: options.apiKey ?? '',
    // The source chain of the fixture transfers, read through the scripted server (see chainAnswering).
    rpcUrls: { [String(APPROVED_TX.chainId)]: `${server.url}${FIXTURE_RPC_PATH}` },
  });
  const clock = createClock();
  const start = () =>
    startBackground({
      now: clock.now,
      // Tests move time by hand and fire alarms themselves: no real timers.
      timers: { set: () => undefined, clear: () => undefined },
      retry: { attempts: 1 },
      fetch: loopbackOnly,
      // Only RPCs the test names (chainRpc, or rpcUrls in its settings): never the devnet's fixed ports or the
      // pinned public endpoints, so no chain is read or watched unless the test says so.
      trustedRpc: (chainId, overrides) => options.chainRpc?.[chainId] ?? overrides[String(chainId)],
    });
  const harness: Harness = {
    clock,
    runtime: start(),
    async restart() {
      harness.runtime.stop();
      closeTokenDbForTests();
      harness.runtime = start();
      await harness.runtime.ready;
      return harness.runtime;
    },
  };
  await harness.runtime.ready;
  return harness;
}

/** The background's fetch in tests: this machine only, so no test reaches li.quest or a public RPC by accident. */
const loopbackOnly: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    return Promise.reject(new TypeError(`the test harness refuses off-machine requests: ${url.origin}`));
  }
  return fetch(input, init);
};

/** A new, empty IndexedDB (fakeBrowser.reset() clears extension storage, not IndexedDB). */
export function resetIndexedDb(): void {
  closeTokenDbForTests();
  globalThis.indexedDB = new IDBFactory();
}

/** The alarm Chrome would pass to onAlarm listeners. */
export const alarmFired = (name: string, scheduledTime: number) => ({ name, scheduledTime }) as Browser.alarms.Alarm;

type Listener = (...args: unknown[]) => unknown;
const fakeEvent = () => {
  const listeners = new Set<Listener>();
  return {
    addListener: (l: Listener) => void listeners.add(l),
    removeListener: (l: Listener) => void listeners.delete(l),
    hasListener: (l: Listener) => listeners.has(l),
    trigger: (...args: unknown[]) => Promise.all([...listeners].map((l) => l(...args))),
  };
};

export type PermissionFakes = {
  granted: Set<string>;
  scripts: Browser.scripting.RegisteredContentScript[];
  onAdded: ReturnType<typeof fakeEvent>;
};

/**
 * fakeBrowser does not implement permissions and scripting (they throw): a small stand-in with granted host
 * patterns and registered scripts the test can read. Re-installed for every harness (fakeBrowser.reset keeps it).
 */
export function installPermissionFakes(): PermissionFakes {
  const fakes: PermissionFakes = { granted: new Set(), scripts: [], onAdded: fakeEvent() };
  const ids = (filter?: { ids?: string[] }) => (s: { id: string }) => !filter?.ids || filter.ids.includes(s.id);
  // Not implemented by fakeBrowser either; the background restricts storage.local at every start.
  Object.assign(fakeBrowser.storage.local, { setAccessLevel: async () => undefined });
  Object.assign(fakeBrowser.permissions, {
    onAdded: fakes.onAdded,
    onRemoved: fakeEvent(),
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => fakes.granted.has(o)),
  });
  Object.assign(fakeBrowser.scripting, {
    getRegisteredContentScripts: async (filter?: { ids?: string[] }) => fakes.scripts.filter(ids(filter)),
    registerContentScripts: async (list: Browser.scripting.RegisteredContentScript[]) => {
      fakes.scripts.push(...list);
    },
    updateContentScripts: async (list: Browser.scripting.RegisteredContentScript[]) => {
      fakes.scripts = fakes.scripts.map((s) => list.find((n) => n.id === s.id) ?? s);
    },
    unregisterContentScripts: async (filter?: { ids?: string[] }) => {
      fakes.scripts = fakes.scripts.filter((s) => !ids(filter)(s));
    },
  });
  currentPermissionFakes = fakes;
  return fakes;
}

let currentPermissionFakes: PermissionFakes | undefined;
/** The stand-in installed by the last harness. */
export const permissionFakes = (): PermissionFakes => currentPermissionFakes!;
