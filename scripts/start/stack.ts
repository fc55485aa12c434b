import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright';
import { chromiumPath, extensionArgs } from '../../devtools/chromium';
import { buildDapp, serveDapp } from '../../devtools/dapp/serve';
import { fundDevSolanaWallet } from '../../devtools/devwallet/solanaFunds';
import { type RunningServer, startServer } from '../../server/app';
import { DEVNET_CHAIN_IDS, type Devnet, startDevnet } from '../../server/devnet/devnet';

const ROOT = resolve(import.meta.dirname, '../..');
export const DEMO_OUT_DIR = join(ROOT, '.output/demo');
export const DEMO_EXTENSION_DIR = join(DEMO_OUT_DIR, 'chrome-mv3');
/** Ethereum USDC: the explorer tab opens on its token page so the inline card shows at once. */
export const DEMO_TOKEN = { chainId: 1, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' };

const PREFERRED_SERVICE_PORT = 8787;
/** Chain i's RPC listens on 8545 + i, so a person can add the chains to a wallet with stable URLs. */
const PREFERRED_RPC_BASE_PORT = 8545;

export type Stack = {
  devnet: Devnet;
  service: RunningServer;
  dapp: Awaited<ReturnType<typeof serveDapp>>;
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  dappPage: Page;
  explorerPage: Page;
  dappTabId: number;
  stop(): Promise<void>;
};

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePort(true)));
  });
}

async function allFree(ports: number[]): Promise<boolean> {
  for (const port of ports) if (!(await portFree(port))) return false;
  return true;
}

type ChromeApi = {
  chrome: {
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
    windows: { create(o: object): Promise<unknown> };
    runtime: { getURL(path: string): string };
    storage: { local: { set(v: object): Promise<void> } };
  };
};

/**
 * Everything `npm start` runs: the devnet chains, the routing service (with its devnet explorer), the Dev Wallet
 * dapp, the extension built against that service, and Chromium with the extension loaded.
 */
export async function startStack(options: {
  headless: boolean;
  display?: string;
  /** Whether the Dev Wallet asks the person to confirm each request; by default when headed. */
  ask?: boolean;
  /** Extra Chromium flags, after the extension's and the window size. */
  browserArgs?: string[];
  log: (line: string) => void;
}): Promise<Stack> {
  const { log } = options;
  const ask = options.ask ?? !options.headless;
  const rpcPorts = DEVNET_CHAIN_IDS.map((_, i) => PREFERRED_RPC_BASE_PORT + i);
  const stableRpc = await allFree(rpcPorts);
  if (!stableRpc) log(`ports ${rpcPorts.join(', ')} are taken: the devnet chains use free ports instead`);
  log('starting the devnet chains…');
  const devnet = await startDevnet(stableRpc ? { basePort: PREFERRED_RPC_BASE_PORT } : {});
  const stoppers: (() => Promise<void>)[] = [() => devnet.stop()];
  if (devnet.solana) await fundDevSolanaWallet(devnet.solana);
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => {});
  };
  try {
    const servicePort = (await portFree(PREFERRED_SERVICE_PORT)) ? PREFERRED_SERVICE_PORT : 0;
    const service = await startServer({
      port: servicePort,
      devnet,
      timeFactor: devnet.timeFactor,
      logLevel: 'warn',
      rateLimit: { disabled: true },
    });
    stoppers.push(() => service.close());
    log(`routing service on ${service.url} (devnet explorer at ${service.url}/explorer/)`);

    const dapp = await serveDapp(await buildDapp());
    stoppers.push(() => dapp.close());

    log('building the extension against that service…');
    execFileSync('npx', ['wxt', 'build'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, BRIDGE_API_URL: service.url, BRIDGE_OUT_DIR: DEMO_OUT_DIR },
    });

    const profile = mkdtempSync(join(tmpdir(), 'bridge-companion-start-'));
    stoppers.push(async () => rmSync(profile, { recursive: true, force: true }));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: options.headless,
      viewport: null,
      env: { ...process.env, ...(options.display ? { DISPLAY: options.display } : {}) },
      args: [...extensionArgs(DEMO_EXTENSION_DIR), '--window-size=1280,860', ...(options.browserArgs ?? [])],
    });
    stoppers.push(() => context.close());
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
    const extensionId = new URL(worker.url()).host;
    if (!stableRpc) {
      // The build trusts the devnet on 8545 + i for reading sent transactions back; these chains run elsewhere.
      const rpcUrls = Object.fromEntries(devnet.chains.map((c) => [String(c.chainId), c.rpcUrl]));
      await worker.evaluate(async (urls) => {
        const { chrome } = globalThis as unknown as ChromeApi;
        await chrome.storage.local.set({ settings: { rpcUrls: urls } });
      }, rpcUrls);
    }

    const dappPage = context.pages()[0] ?? (await context.newPage());
    // Playwright dismisses dialogs nobody listens for; with a listener they stay open for the person to answer.
    if (ask) dappPage.on('dialog', () => {});
    // `ask=1`: the Dev Wallet asks the person before connecting, switching chain and sending.
    await dappPage.goto(`${dapp.url}/?service=${encodeURIComponent(service.url)}${ask ? '&ask=1' : ''}`);
    await dappPage.waitForSelector('html[data-wallet="ready"]', { timeout: 30_000 });
    const explorerPage = await context.newPage();
    await explorerPage.goto(`${service.url}/explorer/${DEMO_TOKEN.chainId}/token/${DEMO_TOKEN.address}`);
    await dappPage.bringToFront();

    const dappTabId = await worker.evaluate(async (url) => {
      const { chrome } = globalThis as unknown as ChromeApi;
      return (await chrome.tabs.query({})).find((t) => t.url?.startsWith(url))?.id ?? -1;
    }, dapp.url);

    return { devnet, service, dapp, context, worker, extensionId, dappPage, explorerPage, dappTabId, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Opens the extension's popup in a window of its own next to the dapp. A toolbar popup closes as soon as the
 * person clicks into the page (to confirm in the Dev Wallet); a window stays.
 */
export async function openExtensionWindow(stack: Stack): Promise<void> {
  await stack.worker.evaluate(async (tabId) => {
    const { chrome } = globalThis as unknown as ChromeApi;
    await chrome.windows.create({
      url: chrome.runtime.getURL(`popup.html?tabId=${tabId}`),
      type: 'popup',
      width: 380,
      height: 660,
      left: 900,
      top: 60,
    });
  }, stack.dappTabId);
}
