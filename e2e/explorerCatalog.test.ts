import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension, setExtensionStorage, testSettings } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { startScriptedServer } from '../testing/scriptedServer';
import { serveExplorer } from './fixtures/explorers/serve';
import { cardOf } from './harness/closedCard';

/**
 * Catalog explorers that are not on the static list: one loopback host serving several chains under path prefixes,
 * like the devnet explorer (`/explorer/1/`, `/explorer/10/`). The reference service only lists such explorers in
 * devnet mode (anvil chains), so this file scripts the catalog on a loopback server instead; the explorer pages are
 * the generic fixtures served under that server's origin.
 */
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_OP = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_GNO = '0x2a22f9c3b484c3629090FeED35F17Ff8F88f76F0';
/** An explorer of a catalog chain on a host the manifest does not grant: the person must allow it first. */
const GNOSIS_EXPLORER = 'https://explorer.gnosis.example';
const ZERO = '0x0000000000000000000000000000000000000000';

const chain = (id: number, name: string, explorer: string) => ({
  id,
  key: name.slice(0, 3).toLowerCase(),
  name,
  chainType: 'EVM',
  coin: 'ETH',
  mainnet: true,
  nativeToken: { address: ZERO, symbol: 'ETH', decimals: 18, chainId: String(id), name: 'Ether', priceUSD: '3000' },
  wallet: { chainId: `0x${id.toString(16)}`, chainName: name, blockExplorerUrls: [explorer] },
});
const usdc = (chainId: number, address: string) => ({
  address,
  chainId: String(chainId),
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
  coinKey: 'USDC',
  priceUSD: '1',
});

// The card's shadow root is closed: these read it from the extension's own world (e2e/harness/closedCard.ts).
const cardText = (page: Page) => cardOf(page).text('[data-testid="bc-card"]');
const quoteCount = (page: Page) => cardOf(page).count('[data-testid="bc-quote"]');

describe('explorer card on catalog explorers (run-time host permission, path prefixes)', () => {
  let api: Awaited<ReturnType<typeof startScriptedServer>>;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    api = await startScriptedServer();
    const explorer = (id: number) => `${api.url}/explorer/${id}/`;
    const tokens = {
      '1': [chain(1, 'Ethereum', '').nativeToken, usdc(1, USDC_ETH)],
      '10': [chain(10, 'OP Mainnet', '').nativeToken, usdc(10, USDC_OP)],
      '42161': [chain(42161, 'Arbitrum', '').nativeToken, usdc(42161, USDC_ARB)],
      '100': [chain(100, 'Gnosis', '').nativeToken, usdc(100, USDC_GNO)],
    };
    api.script('GET /v1/chains', {
      body: {
        chains: [
          chain(1, 'Ethereum', explorer(1)),
          chain(10, 'OP Mainnet', explorer(10)),
          chain(42161, 'Arbitrum', explorer(42161)),
          chain(100, 'Gnosis', `${GNOSIS_EXPLORER}/`),
        ],
      },
    });
    api.script('GET /v1/tokens', { body: { tokens } });
    api.script('GET /v1/tools', { body: { bridges: [], exchanges: [] } });
    api.script('POST /v1/advanced/routes', (req) => {
      const body = JSON.parse(req.body) as { toChainId: string; toTokenAddress: string; fromAmount: string };
      return {
        body: {
          routes: [
            {
              id: `r-${body.toChainId}`,
              tool: 'across',
              toolDetails: { key: 'across', name: 'Across' },
              action: {
                fromChainId: '1',
                toChainId: body.toChainId,
                fromToken: usdc(1, USDC_ETH),
                toToken: usdc(Number(body.toChainId), body.toTokenAddress),
                fromAmount: body.fromAmount,
              },
              estimate: { toAmount: ((BigInt(body.fromAmount) * 999n) / 1000n).toString(), executionDuration: 60 },
            },
          ],
        },
      };
    });

    browser = await launchWithExtension();
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(api.url, { inlineQuotes: true }),
    });
    // Explorer pages on the API server's own origin, under /explorer/ (the API's /v1/ paths still reach it).
    for (const id of [1, 10, 42161, 100]) {
      await serveExplorer(browser.context, `${api.url}/explorer/${id}`, 'generic', `/explorer/${id}`);
    }
    await serveExplorer(browser.context, GNOSIS_EXPLORER, 'generic');
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('shows the card for the chain of the path prefix, styled inside its shadow root', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${api.url}/explorer/1/token/${USDC_ETH}`);
    await expect.poll(() => cardText(page), { timeout: 15_000 }).toContain('Bridge USDC from Ethereum');
    // One of the other catalog chains, with its USDC (one destination by default, the others on request).
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBe(1);
    // The generic family anchors after the page's h1.
    expect(
      await page.evaluate(() => document.querySelector('bridge-companion-card')?.previousElementSibling?.tagName),
    ).toBe('H1');
    expect(await cardOf(page).style('[data-testid="bc-card"]', 'border-top-width')).toBe('1px');
    await page.close();

    const op = await browser.context.newPage();
    await op.goto(`${api.url}/explorer/10/address/${USDC_OP}`);
    await expect.poll(() => cardText(op), { timeout: 15_000 }).toContain('Bridge USDC from OP Mainnet');
    await op.close();
  });

  it('shows nothing for a token of another chain, an unknown prefix or a non-token page', async () => {
    for (const path of [`/explorer/1/token/${USDC_OP}`, `/explorer/100/token/${USDC_ETH}`, '/explorer/1/']) {
      const page = await browser.context.newPage();
      await page.goto(`${api.url}${path}`);
      await page.waitForTimeout(2500);
      expect(await page.locator('bridge-companion-card').count(), path).toBe(0);
      await page.close();
    }
  });

  it('shows nothing on a catalog explorer the person has not allowed, and the settings offer to allow it', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${GNOSIS_EXPLORER}/token/${USDC_GNO}`);
    await page.waitForTimeout(2500);
    expect(await page.locator('bridge-companion-card').count()).toBe(0);
    await page.close();

    const popup = await PopupPage.open(browser.context, browser.extensionId);
    await popup.tab('Settings').click();
    const access = popup.page.getByTestId('explorer-access');
    await expect.poll(() => access.textContent(), { timeout: 10_000 }).toContain('explorer.gnosis.example');
    // The loopback explorers are granted by the manifest: not asked for.
    expect(await access.textContent()).not.toContain('127.0.0.1');
    expect(await access.getByRole('button').textContent()).toBe('Allow on this explorer');
    await popup.page.close();
  });
});
