import type { BrowserContext, Locator, Page } from 'playwright';

type ChromeStorage = { chrome: { storage: { local: { remove(keys: string[]): Promise<void> } } } };

async function forgetPopupMemory(context: BrowserContext, extensionId: string): Promise<void> {
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
  await worker?.evaluate(() =>
    (globalThis as unknown as ChromeStorage).chrome.storage.local.remove(['popupMemory', 'popupMemory$']),
  );
}

/** The popup opened as a page (`popup.html`), found by role and test id like a person would find things. */
export class PopupPage {
  constructor(readonly page: Page) {}

  /**
   * Opens the popup as a person opening it for the first time, unless `remember`: the memory of the last form and
   * wallet (src/storage/popupMemory.ts) is cleared first, so each test starts from the same screen.
   */
  static async open(
    context: BrowserContext,
    extensionId: string,
    params: Record<string, string | number> = {},
    options: { remember?: boolean } = {},
  ): Promise<PopupPage> {
    if (!options.remember) await forgetPopupMemory(context, extensionId);
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 600 });
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    await page.goto(`chrome-extension://${extensionId}/popup.html${query ? `?${query}` : ''}`);
    const popup = new PopupPage(page);
    await popup.waitReady();
    return popup;
  }

  async waitReady(): Promise<void> {
    await this.page.waitForSelector('html[data-ready]', { timeout: 30_000 });
  }

  tab(name: 'Transfer' | 'Activity' | 'Settings'): Locator {
    return this.page.getByRole('tab', { name });
  }

  get fromChain(): Locator {
    return this.page.getByRole('button', { name: /^From chain:/ });
  }
  get toChain(): Locator {
    return this.page.getByRole('button', { name: /^To chain:/ });
  }
  get fromToken(): Locator {
    return this.page.getByRole('button', { name: /^From token:/ });
  }
  get toToken(): Locator {
    return this.page.getByRole('button', { name: /^To token:/ });
  }
  get amount(): Locator {
    return this.page.getByRole('textbox', { name: 'Amount' });
  }
  get recipient(): Locator {
    return this.page.getByRole('textbox', { name: 'Recipient' });
  }
  get routes(): Locator {
    return this.page.getByTestId('route');
  }
  get sendButton(): Locator {
    return this.page.getByTestId('send');
  }
  /**
   * Lists every route (the popup shows the selected one until the person asks to compare, then the routes worth
   * choosing until asked for the rest).
   */
  async showAllRoutes(): Promise<void> {
    const button = this.page.getByTestId('show-all-routes');
    if (await button.isVisible()) await button.click();
    const more = this.page.getByTestId('show-more-routes');
    if (await more.isVisible()) await more.click();
  }
  /**
   * Bridge (or Swap), then the review's confirmation, as a person does it. When the popup refuses before the review
   * (the details changed, a warning to confirm) its reason shows instead, and there is nothing to confirm; so too
   * when the review's own check (guards and simulation) refuses before Confirm is clicked: Confirm is then off, with
   * the reason beside it. Either way `refusal` holds the reason.
   */
  async send(): Promise<void> {
    await this.sendButton.click();
    const review = this.page.getByTestId('review-requests');
    const refused = this.page.getByTestId('execution-error');
    await review.or(refused).first().waitFor({ timeout: 15_000 });
    if (await refused.isVisible()) return;
    // The requests list settles once the allowance is read (or could not be).
    await this.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor({ timeout: 15_000 });
    const reviewRefused = this.page.getByTestId('review-confirm-refused');
    await this.page.locator('[data-testid="review-confirm"]:enabled').or(reviewRefused).first().waitFor();
    if (await reviewRefused.isVisible()) return;
    // The review's check may still refuse between that look and the click, which then finds Confirm off.
    await this.page
      .getByTestId('review-confirm')
      .click({ timeout: 5_000 })
      .catch(async (err: unknown) => {
        if (!(await reviewRefused.isVisible())) throw err;
      });
  }
  /**
   * Why the transfer was refused, in the words the person reads: the review's refusal (its check refused before
   * Confirm), or the execution's (a refusal after Confirm, or before the review).
   */
  get refusal(): Locator {
    return this.page.getByTestId('review-refused').or(this.page.getByTestId('execution-error')).first();
  }
  /** Leaves a refusal as a person would: Try again after an execution's, Back out of a review that refused. */
  async dismissRefusal(): Promise<void> {
    const tryAgain = this.page.getByRole('button', { name: 'Try again' });
    if (await tryAgain.isVisible()) await tryAgain.click();
    else await this.page.getByRole('button', { name: 'Back' }).click();
  }
  /** Connect wallet, and wait until the popup shows the connected account. */
  async connect(): Promise<void> {
    await this.page.getByRole('button', { name: 'Connect wallet' }).click();
    await this.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
  }

  /** Picks both sides (chain, token symbol) and the amount, then waits until the selected route can be sent. */
  async fillTransfer(t: { from: [chain: string, token: string]; to: [chain: string, token: string]; amount: string }) {
    await this.pickChain('from', t.from[0]);
    await this.pickToken('from', t.from[1], t.from[1]);
    await this.pickChain('to', t.to[0]);
    await this.pickToken('to', t.to[1], t.to[1]);
    await this.amount.fill(t.amount);
    await this.routes.first().waitFor({ timeout: 30_000 });
    await this.page
      .getByTestId('send-hint')
      .filter({ hasText: /You review every detail/ })
      .waitFor({ timeout: 20_000 });
  }

  error(field: 'amount' | 'recipient' | 'pair'): Locator {
    return this.page.getByTestId(`${field}-error`);
  }

  async pickChain(side: 'from' | 'to', name: string): Promise<void> {
    await (side === 'from' ? this.fromChain : this.toChain).click();
    await this.page.getByRole('dialog').getByRole('button', { name, exact: true }).click();
  }

  /** Opens the token picker, types the query, and picks the first option whose name starts with `symbol`. */
  async pickToken(side: 'from' | 'to', query: string, symbol: string): Promise<void> {
    await (side === 'from' ? this.fromToken : this.toToken).click();
    const search = this.page.getByRole('combobox', { name: 'Search tokens' });
    await search.fill(query);
    await this.page
      .getByRole('listbox', { name: 'Tokens' })
      .getByRole('option', { name: new RegExp(`^${symbol} `) })
      .first()
      .click();
  }

  async searchTokens(query: string): Promise<Locator> {
    const search = this.page.getByRole('combobox', { name: 'Search tokens' });
    await search.fill(query);
    return this.tokenOptions;
  }

  /** Options of the token list only (the form's <select> options are options too). */
  get tokenOptions(): Locator {
    return this.page.getByRole('listbox', { name: 'Tokens' }).getByRole('option');
  }
}
