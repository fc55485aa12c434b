import type { Page } from 'playwright';
import {
  type ExtensionBrowser,
  launchWithExtension,
  setExtensionStorage,
  tabIdOf,
  testSettings,
} from '../../devtools/chromium';
import { buildDapp, serveDapp } from '../../devtools/dapp/serve';
import { fundDevSolanaWallet } from '../../devtools/devwallet/solanaFunds';
import { type RunningServer, startServer } from '../../server/app';
import type { Catalog } from '../../server/catalog/catalog';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { SOLANA_CHAIN_ID } from '../../src/chains/trustedRpc';
import { RELAY_DEVNET_API } from '../../src/checks/promises/relayConfig';
import type { Settings } from '../../src/model/settings';
import { copyBuiltExtension } from '../pages/extensionCopy';

export type DevnetDapp = {
  devnet: Devnet;
  service: RunningServer;
  dapp: Awaited<ReturnType<typeof serveDapp>>;
  browser: ExtensionBrowser;
  /** The loopback dapp page hosting the Dev Wallet (EIP-6963), ready. */
  dappPage: Page;
  /** Its tab, for `popup.html?tabId=`. */
  tabId: number;
  /** Closes the browser, the dapp, the service and the devnet, in that order. */
  stop(): Promise<void>;
};

/**
 * What the devnet browser tests share: anvil chains, the reference service on them, the Dev Wallet dapp on loopback,
 * and Chromium with a private copy of the built extension whose settings point at the service — or at what
 * `apiBaseUrl` puts in front of it (a fault or tampering proxy the test owns and closes).
 */
export async function startDevnetDapp(options: {
  chainIds: number[];
  /** The chain the Dev Wallet starts on. */
  walletChainId: number;
  timeFactor?: number;
  apiBaseUrl?: (serviceUrl: string) => Promise<string> | string;
  settings?: Partial<Settings>;
  /** The service's dialect: the spec's (default) or the twin of LI.FI's production API. */
  dialect?: 'spec' | 'lifi';
  /** The browser's UI language, for the extension's other catalogs (locales/*.yml). */
  lang?: string;
  /** Classic scrollbars, as a headed Chromium draws them in the popup. */
  scrollbars?: boolean;
  /** The catalog of the devnet and the service, for a chain the default one lacks (catalogWithChain). */
  catalog?: Catalog;
  /** Devnet chains whose RPC the extension is not given: it has to ask the person (src/popup/ui/RpcPrompt.tsx). */
  withoutRpc?: readonly number[];
}): Promise<DevnetDapp> {
  const timeFactor = options.timeFactor ?? 0.01;
  // Relay's API where development builds ask it (src/checks/promises/relayConfig.ts; BRIDGE_RELAY_API_URL moves it
  // for a build and its tests alike), when no other devnet holds it.
  const relayApiPort = Number(new URL(process.env.BRIDGE_RELAY_API_URL || RELAY_DEVNET_API).port);
  const devnet = await startDevnet({ timeFactor, chainIds: options.chainIds, catalog: options.catalog, relayApiPort });
  // The Dev Wallet's Solana account holds SOL and USDC there, as anvil's accounts hold ETH and tokens.
  if (devnet.solana) await fundDevSolanaWallet(devnet.solana);
  const service = await startServer({
    devnet,
    timeFactor,
    catalog: options.catalog,
    logLevel: 'silent',
    rateLimit: { disabled: true },
    dialect: options.dialect,
  });
  const dapp = await serveDapp(await buildDapp());
  const browser = await launchWithExtension({
    extensionDir: copyBuiltExtension(),
    lang: options.lang,
    scrollbars: options.scrollbars,
  });
  const stop = async () => {
    await browser.close();
    await dapp.close();
    await service.close();
    await devnet.stop();
  };
  try {
    const apiBaseUrl = options.apiBaseUrl ? await options.apiBaseUrl(service.url) : service.url;
    // The extension reads sent transactions through the devnet's own chains (on free ports, not 8545 + i).
    const rpcUrls: Record<string, string> = Object.fromEntries(
      devnet.nodes
        .filter((node) => !options.withoutRpc?.includes(node.chainId))
        .map((node) => [String(node.chainId), node.rpcUrl]),
    );
    // Solana arrivals are read through the devnet's Solana JSON-RPC (on its own port under test, not 8549).
    if (devnet.solanaRpcUrl) rpcUrls[String(SOLANA_CHAIN_ID)] = devnet.solanaRpcUrl;
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(apiBaseUrl, {
        ...options.settings,
        rpcUrls: { ...rpcUrls, ...options.settings?.rpcUrls },
      }),
    });
    const dappPage = await browser.context.newPage();
    await dappPage.goto(`${dapp.url}/?service=${encodeURIComponent(service.url)}&chain=${options.walletChainId}`);
    await dappPage.waitForSelector('html[data-wallet="ready"]', { timeout: 30_000 });
    const tabId = await tabIdOf(browser.serviceWorker, dapp.url);
    return { devnet, service, dapp, browser, dappPage, tabId, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
