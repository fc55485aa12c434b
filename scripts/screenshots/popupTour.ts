import { type AddressInfo, createServer } from 'node:net';
import { generateKeyPairSigner } from '@solana/kit';
import type { Locator, Page } from 'playwright';
import { PopupPage } from '../../devtools/popupPage';
import { startServer } from '../../server/app';
import { formatUnitsExact } from '../../src/format/amount';
import type { Stack } from '../start/stack';

/** Takes the picture of the popup's state under a name (the caller adds the language and the theme). */
export type Shot = (page: Page, name: string) => Promise<void>;

/**
 * Every state of the popup a person meets, at 360 × 600, driven without words so the same tour runs in every
 * language: the popup is found by test id, role and structure, the chains by their names (the same in every
 * language) and the tokens by "<symbol> <name>". `themed` names the pictures taken in the dark theme too.
 */
export async function popupTour(stack: Stack, shot: Shot, themed: Shot = shot): Promise<void> {
  const open = () => PopupPage.open(stack.context, stack.extensionId, { tabId: stack.dappTabId });
  let tour = new Tour(await open());
  await themed(tour.page, 'popup-start');
  await tour.side(0, 0).click();
  await tour.page.getByRole('dialog').getByRole('listitem').first().waitFor();
  await shot(tour.page, 'popup-chain-picker');
  await tour.page.keyboard.press('Escape');
  await tour.pickChain(0, 'Ethereum');
  await tour.side(0, 1).click();
  await tour.page.getByRole('dialog').getByRole('combobox').fill('usd');
  await tour.page.getByRole('dialog').getByRole('option').first().waitFor();
  await shot(tour.page, 'popup-token-picker');
  await tour.page.keyboard.press('Escape');

  await tour.connect();
  await tour.page.getByTestId('wallet-menu').locator('summary').click();
  await shot(tour.page, 'popup-wallet-menu');
  await tour.page.getByTestId('wallet-menu').locator('summary').click();

  await tour.fill({ to: ['Base', 'WETH'], amount: '1000000000' });
  await tour.page.getByTestId('amount-error').waitFor({ timeout: 15_000 });
  await shot(tour.page, 'popup-validation-error');
  await tour.amount('250');
  await tour.sendable();
  await themed(tour.page, 'popup-routes');
  await tour.page.getByTestId('show-all-routes').click();
  await shot(tour.page, 'popup-routes-compared');
  await tour.review();
  await themed(tour.page, 'popup-review');
  await tour.page.getByRole('dialog').evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
  await shot(tour.page, 'popup-review-end');
  await tour.back();

  await tour.amount('0.000001');
  await tour.page.getByTestId('routes-message').waitFor({ timeout: 30_000 });
  await shot(tour.page, 'popup-no-route');

  // Gas on the devnet's Ethereum eats most of 2 USDC: the warning holds Bridge until ticked.
  await tour.fill({ to: ['OP Mainnet', 'USDC'], amount: '2' });
  await tour.page.getByTestId('value-loss-warning').waitFor({ timeout: 30_000 });
  await shot(tour.page, 'popup-value-loss');

  await tour.fill({ to: ['Solana', 'USDC'], amount: '25' });
  await tour.page.getByTestId('recipient').fill((await generateKeyPairSigner()).address);
  await tour.sendable();
  await tour.review();
  await shot(tour.page, 'popup-review-solana');
  await tour.back();

  await tour.page.locator('#tab-settings').click();
  await tour.page.locator('form.settings button[type="submit"]').waitFor();
  await themed(tour.page, 'popup-settings');
  await tour.page.locator('form.settings .panel-scroll').evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
  await shot(tour.page, 'popup-settings-end');
  await tour.page.close();

  // A route of two signatures: step 1, then step 2 waits for the person, in Transfer and in Activity.
  tour = new Tour(await open());
  await tour.connect();
  await tour.fill({ to: ['Arbitrum', 'ARB'], amount: '60' });
  await tour.sendable();
  await tour.page.getByTestId('show-all-routes').click();
  const more = tour.page.getByTestId('show-more-routes');
  if (await more.isVisible()) await more.click();
  await tour.page
    .getByTestId('route')
    .filter({ has: tour.page.getByTestId('route-signatures') })
    .first()
    .click();
  await tour.review();
  await tour.page.locator('[data-testid="review-simulation"][aria-busy="false"]').waitFor({ timeout: 30_000 });
  await shot(tour.page, 'popup-review-two-signatures');
  await tour.page.getByTestId('review-confirm').click();
  await tour.settled('continue-execution');
  await shot(tour.page, 'popup-step-waiting');
  // Opened again while step 2 waits: the banner on top of Transfer.
  const reopened = await open();
  await reopened.page.getByTestId('waiting-banner').waitFor({ timeout: 15_000 });
  await shot(reopened.page, 'popup-waiting-banner');
  await reopened.page.close();
  await tour.page.locator('#tab-activity').click();
  await tour.page.getByTestId('transfer-status').first().waitFor({ timeout: 15_000 });
  await shot(tour.page, 'popup-activity-waiting');
  await tour.page.getByTestId('continue-execution').first().click();
  await tour.page.locator('#tab-transfer').click();
  await tour.settled('execution-done');
  await shot(tour.page, 'popup-sent');
  await tour.page.close();

  // Reviews only looked at, after the transfers: what they change of the wallet or the chain is put back at once.
  // With no ETH on Arbitrum for step 2's gas, the review of the same route says so before the first signature.
  tour = new Tour(await open());
  await tour.connect();
  await tour.fill({ to: ['Arbitrum', 'ARB'], amount: '60' });
  await tour.sendable();
  await tour.page.getByTestId('show-all-routes').click();
  const rest = tour.page.getByTestId('show-more-routes');
  if (await rest.isVisible()) await rest.click();
  await tour.page
    .getByTestId('route')
    .filter({ has: tour.page.getByTestId('route-signatures') })
    .first()
    .click();
  const arbitrumEth = await nativeBalance(stack, 42161);
  await setNativeBalance(stack, 42161, 0n);
  try {
    await tour.review();
    await tour.page.getByTestId('review-destination-gas').waitFor({ timeout: 30_000 });
    await shot(tour.page, 'popup-review-destination-gas');
  } finally {
    await setNativeBalance(stack, 42161, arbitrumEth);
  }
  await tour.page.close();

  // A wallet that sends atomic batches (EIP-5792): the approval and the transfer in one confirmation.
  await devWallet(stack, 'atomic');
  try {
    tour = new Tour(await open());
    await tour.connect();
    await tour.fill({ to: ['OP Mainnet', 'USDC'], amount: '40' });
    await tour.sendable();
    await tour.review();
    await tour.page.getByTestId('review-confirmations').waitFor({ timeout: 15_000 });
    await shot(tour.page, 'popup-review-one-confirmation');
    await tour.page.close();
  } finally {
    await devWallet(stack, 'off');
  }

  // A send mid-way: the Dev Wallet holds the transfer as a person still deciding, then the person declines it.
  await holdNextTransfer(stack);
  tour = new Tour(await open());
  await tour.connect();
  await tour.fill({ to: ['OP Mainnet', 'USDC'], amount: '30' });
  await tour.sendable();
  await tour.review();
  await tour.page.getByTestId('review-confirm').click();
  await whileHeld(stack);
  await tour.page.getByTestId('stop-waiting').waitFor({ timeout: 15_000 });
  await shot(tour.page, 'popup-sending');
  await declineHeld(stack);
  await tour.page.getByTestId('execution-error').waitFor({ timeout: 30_000 });
  await shot(tour.page, 'popup-send-failed');
  await activityShots(stack, tour.page, shot);
  await tour.page.close();

  // A review the simulation refuses: USDC leaves the account behind the popup's back (another tab, say), so the
  // balance it shows is stale and the amount, within it, is more than the account holds. Confirm is off, said in words.
  tour = new Tour(await open());
  await tour.connect();
  await tour.fill({ to: ['Arbitrum', 'USDC'], amount: '100' });
  await tour.sendable();
  const spent = 10_000_000n;
  await nodeCall(stack, 1, 'eth_sendTransaction', [
    {
      from: await accountOf(stack),
      to: ETHEREUM_USDC,
      data: `0xa9059cbb${'dead'.padStart(64, '0')}${spent.toString(16).padStart(64, '0')}`,
    },
  ]);
  const held = await usdcBalance(stack);
  await tour.amount(formatUnitsExact(held + spent / 2n, 6));
  await tour.sendable();
  await tour.page.getByTestId('send').click();
  await tour.page.getByTestId('review-refused').waitFor({ timeout: 30_000 });
  await shot(tour.page, 'popup-review-refused');
  await tour.page.close();

  // The routing service not answering: the settings name a port where nothing listens (as a service that is down),
  // for this picture alone. The storage is reached through an extension page: the worker may have been stopped.
  tour = new Tour(await open());
  const saved = await storedSettings(tour.page);
  await storeSettings(tour.page, { ...saved, apiBaseUrl: await unansweredUrl() });
  await tour.page.close();
  // The chains the popup keeps from before fill the form; the routes for an amount are what cannot be had.
  tour = new Tour(await open());
  try {
    await tour.connect();
    await tour.amount('0.5');
    await tour.page.locator('[data-testid="routes-message"].error').waitFor({ timeout: 90_000 });
    await shot(tour.page, 'popup-service-down');
  } finally {
    await storeSettings(tour.page, saved);
    await tour.page.close();
  }

  await namesAndLookupShots(open, shot);
  await cancelledShot(stack, open, shot);
  await lifiDialectShots(stack, open, shot);
}

/**
 * An ENS name as the recipient, resolved beside the field and again on the review; sent to it, the address is then a
 * recent recipient offered under the empty field; and Activity's lookup of a hash no chain knows, said in words.
 */
async function namesAndLookupShots(open: () => Promise<PopupPage>, shot: Shot): Promise<void> {
  let tour = new Tour(await open());
  await tour.connect();
  await tour.fill({ to: ['Arbitrum', 'USDC'], amount: '20' });
  await tour.page.getByTestId('recipient').fill('alice.eth');
  await tour.page.getByTestId('recipient-ens-address').waitFor({ timeout: 30_000 });
  await tour.sendable();
  await shot(tour.page, 'popup-recipient-ens');
  await tour.review();
  await tour.page.getByTestId('review-ens').waitFor({ timeout: 30_000 });
  await shot(tour.page, 'popup-review-ens');
  await tour.page.getByTestId('review-confirm').click();
  await tour.settled('execution-done');
  await tour.page.close();

  // Alice's address is offered once the send was read back on chain, under the field while nothing is typed.
  tour = new Tour(await open());
  await tour.connect();
  await tour.fill({ to: ['Arbitrum', 'USDC'], amount: '5' });
  await tour.page.getByTestId('recent-recipients').waitFor({ timeout: 90_000 });
  await tour.page.getByTestId('recent-recipients').scrollIntoViewIfNeeded();
  await shot(tour.page, 'popup-recent-recipients');
  // Forgotten again (×), so the next language's pictures show the form as this one's did.
  await tour.page.getByTestId('recent-recipient-remove').first().click();
  await tour.page.getByTestId('recent-recipients').waitFor({ state: 'detached', timeout: 15_000 });

  await tour.page.locator('#tab-activity').click();
  await tour.page.getByTestId('transfer-lookup').locator('summary').click();
  await tour.page.getByTestId('lookup-ref').fill(`0x${'ab'.repeat(32)}`);
  await tour.page.getByTestId('lookup-submit').click();
  await tour.page.locator('[data-testid="lookup-said"][data-ok]').waitFor({ timeout: 90_000 });
  await tour.page.locator('.panel-scroll').evaluate((el) => el.scrollTo(0, 0));
  await shot(tour.page, 'popup-lookup-unknown');
  await tour.page.close();
}

/**
 * A transfer the wallet cancels while Ethereum holds it unmined: the Dev Wallet sends it with mining held (as a busy
 * chain leaves a low fee waiting), the extension reads it pending, the wallet's Cancel takes its nonce, and Activity
 * says nothing was sent, with the approval it left open.
 */
async function cancelledShot(stack: Stack, open: () => Promise<PopupPage>, shot: Shot): Promise<void> {
  await holdNext(stack, 'transfer');
  const tour = new Tour(await open());
  await tour.connect();
  await tour.fill({ to: ['Arbitrum', 'USDC'], amount: '15' });
  await tour.sendable();
  await tour.review();
  await tour.page.getByTestId('review-confirm').click();
  await whileHeld(stack);
  await nodeCall(stack, 1, 'evm_setAutomine', [false]);
  try {
    await stack.dappPage.evaluate(() => (window as unknown as { devWallet: HoldingWallet }).devWallet.release(true));
    await pendingSeen(tour.page);
    await stack.dappPage.evaluate(() =>
      (window as unknown as { devWallet: { replacePending(how: string): Promise<string> } }).devWallet.replacePending(
        'cancel',
      ),
    );
  } finally {
    await nodeCall(stack, 1, 'evm_mine', []);
    await nodeCall(stack, 1, 'evm_setAutomine', [true]);
  }
  await tour.page.locator('#tab-activity').click();
  const card = tour.page.locator('[data-testid="transfer"][data-status="CANCELLED"]').first();
  await card.waitFor({ timeout: 120_000 });
  await card.getByTestId('approval-open').waitFor({ timeout: 30_000 });
  await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(tour.page, 'popup-activity-cancelled');
  await tour.page.close();
}

/** Waits until the extension has read the newest sent transaction pending and noted its nonce (its replacement watch). */
async function pendingSeen(page: Page): Promise<void> {
  const noted = () =>
    page.evaluate(async () => {
      const stored = (await (globalThis as unknown as ChromeStorage).chrome.storage.local.get('transfers')).transfers;
      const records = Object.values((stored ?? {}) as Record<string, { sends: SendWatch[] }>);
      const sends = records.flatMap((record) => record.sends).sort((a, b) => b.createdAt - a.createdAt);
      return sends[0]?.nonceWatch !== undefined;
    });
  const until = Date.now() + 60_000;
  while (!(await noted())) {
    if (Date.now() > until) throw new Error('the extension did not read the sent transaction pending within 60 s');
    await page.waitForTimeout(250);
  }
}

type SendWatch = { createdAt: number; nonceWatch?: unknown };

/**
 * What a service speaking LI.FI's dialect alone gives, from the LI.FI twin on the same devnet for these pictures:
 * the review's fees by party (LI.FI's feeSplit), and gas on arrival (LI.FI's gas suggestion) chosen on the review of
 * a route whose step 2 finds no ETH on Arbitrum.
 */
async function lifiDialectShots(stack: Stack, open: () => Promise<PopupPage>, shot: Shot): Promise<void> {
  const lifi = await startServer({
    port: 0,
    devnet: stack.devnet,
    timeFactor: stack.devnet.timeFactor,
    logLevel: 'warn',
    rateLimit: { disabled: true },
    dialect: 'lifi',
  });
  let tour = new Tour(await open());
  const saved = await storedSettings(tour.page);
  await storeSettings(tour.page, { ...saved, apiBaseUrl: lifi.url, apiDialect: 'lifi' });
  await tour.page.close();
  const arbitrumEth = await nativeBalance(stack, 42161);
  tour = new Tour(await open());
  try {
    await tour.connect();
    await tour.fill({ to: ['Arbitrum', 'USDC'], amount: '50' });
    await tour.sendable();
    await tour.review();
    const parties = tour.page.getByTestId('review-fee-parties');
    await parties.waitFor({ timeout: 30_000 });
    await parties.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(tour.page, 'popup-review-fee-parties');
    await tour.back();

    await tour.fill({ to: ['Arbitrum', 'ARB'], amount: '60' });
    await tour.sendable();
    await tour.page.getByTestId('show-all-routes').click();
    const more = tour.page.getByTestId('show-more-routes');
    if (await more.isVisible()) await more.click();
    await tour.page
      .getByTestId('route')
      .filter({ has: tour.page.getByTestId('route-signatures') })
      .first()
      .click();
    await setNativeBalance(stack, 42161, 0n);
    await tour.review();
    const offer = tour.page.getByTestId('review-gas-offer-choose');
    await offer.waitFor({ timeout: 30_000 });
    await offer.click();
    await tour.page.getByTestId('review-gas-arrives').waitFor({ timeout: 30_000 });
    await tour.page.locator('[data-testid="review-simulation"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    // From the top: what arrives, the gas said apart from the route's path ("plus ~0.0012 ETH for gas on Arbitrum").
    await tour.page.getByRole('dialog').evaluate((dialog) => dialog.scrollTo(0, 0));
    await shot(tour.page, 'popup-review-gas-on-arrival');
  } finally {
    await setNativeBalance(stack, 42161, arbitrumEth);
    await storeSettings(tour.page, saved);
    await tour.page.close();
    await lifi.close();
  }
}

type ChromeStorage = {
  chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } } };
};

async function storedSettings(page: Page): Promise<Record<string, unknown>> {
  const settings = await page.evaluate(
    async () => (await (globalThis as unknown as ChromeStorage).chrome.storage.local.get('settings')).settings,
  );
  if (!settings || typeof settings !== 'object') throw new Error('no saved settings to put back');
  return settings as Record<string, unknown>;
}

async function storeSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    (s) => (globalThis as unknown as ChromeStorage).chrome.storage.local.set({ settings: s }),
    settings,
  );
}

/** A loopback address nothing listens on: a port the system just handed out and took back. */
async function unansweredUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** The popup's language from now on, chosen in Settings as a person would ("browser" for the browser's). */
export async function chooseLanguage(stack: Stack, language: 'en' | 'de' | 'browser'): Promise<void> {
  const popup = await PopupPage.open(stack.context, stack.extensionId, { tabId: stack.dappTabId });
  await popup.page.locator('#tab-settings').click();
  await popup.page.getByTestId('settings-language').selectOption(language);
  await popup.page.locator('form.settings button[type="submit"]').click();
  await popup.page.waitForFunction(() => document.querySelector('[data-testid="settings-message"]')?.textContent);
  await popup.page.close();
}

/** The Dev Wallet's EIP-5792 batches from now on: 'atomic' (one confirmation) or 'off' (the usual two). */
async function devWallet(stack: Stack, batches: 'atomic' | 'off'): Promise<void> {
  await stack.dappPage.evaluate(
    (mode) => (window as unknown as { devWallet: { setBatches(m: string): void } }).devWallet.setBatches(mode),
    batches,
  );
}

/** The dapp's Dev Wallet (devtools/dapp/main.ts) holding a request as a person still deciding in the wallet. */
type HoldingWallet = {
  holdNext(kind: 'transfer' | 'approval'): void;
  held(): boolean;
  release(approve: boolean): void;
};

/**
 * After a send declined at the wallet: the approval it left open, revoked from Activity while the wallet asks, then
 * declined there; and Activity searched and filtered to the transfers to OP Mainnet that need the person.
 */
async function activityShots(stack: Stack, page: Page, shot: Shot): Promise<void> {
  await page.locator('#tab-activity').click();
  const leftOpen = page.getByTestId('approval-open').first();
  await leftOpen.waitFor({ timeout: 15_000 });
  await holdNext(stack, 'approval');
  await leftOpen.getByTestId('revoke-approval').click();
  await whileHeld(stack);
  await leftOpen.getByTestId('revoke-waiting').scrollIntoViewIfNeeded();
  await shot(page, 'popup-revoke-waiting');
  await declineHeld(stack);
  await leftOpen.getByRole('alert').waitFor({ timeout: 30_000 });
  await leftOpen.scrollIntoViewIfNeeded();
  await shot(page, 'popup-revoke-declined');
  await page.getByTestId('activity-search').fill('OP Mainnet');
  await page.getByTestId('activity-filter').selectOption('attention');
  await page.locator('.panel-scroll').evaluate((el) => el.scrollTo(0, 0));
  await shot(page, 'popup-activity-search');
}

async function holdNextTransfer(stack: Stack): Promise<void> {
  await holdNext(stack, 'transfer');
}

/** The Dev Wallet holds the next request of this kind, as a person still deciding in the wallet. */
async function holdNext(stack: Stack, kind: 'transfer' | 'approval'): Promise<void> {
  await stack.dappPage.evaluate((k) => (window as unknown as { devWallet: HoldingWallet }).devWallet.holdNext(k), kind);
}

/** Waits until the Dev Wallet holds the request, as the wallet's prompt would be open. */
async function whileHeld(stack: Stack): Promise<void> {
  const held = () => (window as unknown as { devWallet: HoldingWallet }).devWallet.held();
  await stack.dappPage.waitForFunction(held, undefined, { timeout: 60_000 });
}

/** The person declines the held request in the wallet (4001). */
async function declineHeld(stack: Stack): Promise<void> {
  await stack.dappPage.evaluate(() => (window as unknown as { devWallet: HoldingWallet }).devWallet.release(false));
}

const ETHEREUM_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

async function usdcBalance(stack: Stack): Promise<bigint> {
  const owner = (await accountOf(stack)).slice(2).toLowerCase().padStart(64, '0');
  const call = { to: ETHEREUM_USDC, data: `0x70a08231${owner}` };
  return BigInt((await nodeCall(stack, 1, 'eth_call', [call, 'latest'])) as string);
}

async function accountOf(stack: Stack): Promise<string> {
  return stack.dappPage.evaluate(() => (window as unknown as { devWallet: { address: string } }).devWallet.address);
}

async function nodeCall(stack: Stack, chainId: number, method: string, params: unknown[]): Promise<unknown> {
  const chain = stack.devnet.chains.find((c) => c.chainId === chainId);
  if (!chain) throw new Error(`no devnet chain ${chainId}`);
  const res = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await res.json()) as { result?: unknown; error?: unknown };
  if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

async function nativeBalance(stack: Stack, chainId: number): Promise<bigint> {
  return BigInt((await nodeCall(stack, chainId, 'eth_getBalance', [await accountOf(stack), 'latest'])) as string);
}

async function setNativeBalance(stack: Stack, chainId: number, wei: bigint): Promise<void> {
  await nodeCall(stack, chainId, 'anvil_setBalance', [await accountOf(stack), `0x${wei.toString(16)}`]);
}

/** The popup page, found by structure rather than words. */
class Tour {
  constructor(private readonly popup: PopupPage) {}

  get page(): Page {
    return this.popup.page;
  }

  /** A side's (0 From, 1 To) chain (0) or token (1) button. */
  side(side: 0 | 1, which: 0 | 1): Locator {
    return this.page.locator('.pickers').nth(side).locator('.picker').nth(which);
  }

  async connect(): Promise<void> {
    await this.page.locator('.wallet-row button.secondary').click();
    await this.page.getByTestId('wallet-connected').waitFor({ timeout: 30_000 });
  }

  async pickChain(side: 0 | 1, name: string): Promise<void> {
    await this.side(side, 0).click();
    await this.page.getByRole('dialog').getByRole('button', { name, exact: true }).click();
  }

  async pickToken(side: 0 | 1, symbol: string): Promise<void> {
    await this.side(side, 1).click();
    await this.page.getByRole('dialog').getByRole('combobox').fill(symbol);
    await this.page
      .getByRole('dialog')
      .getByRole('option', { name: new RegExp(`^${symbol} `) })
      .first()
      .click();
  }

  /** USDC on Ethereum to `to`, then the amount. */
  async fill(t: { to: [chain: string, token: string]; amount: string }): Promise<void> {
    await this.pickChain(0, 'Ethereum');
    await this.pickToken(0, 'USDC');
    await this.pickChain(1, t.to[0]);
    await this.pickToken(1, t.to[1]);
    await this.amount(t.amount);
  }

  async amount(text: string): Promise<void> {
    await this.page.locator('input.amount').fill(text);
  }

  /** Waits until Bridge can be pressed: routes for what is on screen, nothing holding it. */
  async sendable(): Promise<void> {
    await this.page.getByTestId('route').first().waitFor({ timeout: 30_000 });
    await this.page.waitForFunction(
      () => !(document.querySelector('[data-testid="send"]') as HTMLButtonElement | null)?.disabled,
      undefined,
      { timeout: 30_000 },
    );
  }

  /** Opens the review and waits for the wallet requests it lists (the allowance read). */
  async review(): Promise<void> {
    await this.page.getByTestId('send').click();
    await this.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor({ timeout: 30_000 });
  }

  /** Waits for the send to reach `testId`; a send that fails instead stops the tour with the popup's words. */
  async settled(testId: 'continue-execution' | 'execution-done'): Promise<void> {
    const error = this.page.getByTestId('execution-error');
    await this.page.getByTestId(testId).or(error).first().waitFor({ timeout: 180_000 });
    if (await error.isVisible()) throw new Error(`the send failed: ${await error.textContent()}`);
  }

  async back(): Promise<void> {
    await this.page.locator('.review-actions button.secondary').click();
    await this.page.getByRole('dialog').waitFor({ state: 'detached' });
  }
}
