import type { BrowserContext, Locator } from 'playwright';
import { PopupPage } from '../../devtools/popupPage';

/** A transfer as a person does it in the popup: builds on the popup engineer's page object (read-only). */
export class JourneyPopup {
  constructor(readonly popup: PopupPage) {}

  static async open(
    context: BrowserContext,
    extensionId: string,
    tabId: number,
    options: { remember?: boolean } = {},
  ): Promise<JourneyPopup> {
    return new JourneyPopup(await PopupPage.open(context, extensionId, { tabId }, options));
  }

  get page() {
    return this.popup.page;
  }

  async connect(): Promise<void> {
    await this.page.getByRole('button', { name: 'Connect wallet' }).click();
    await this.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
  }

  /** Picks both sides, the amount and (optionally) another recipient, then waits for routes to compare. */
  async fill(t: {
    from: [chain: string, token: string];
    to: [chain: string, token: string];
    amount: string;
    recipient?: string;
  }): Promise<void> {
    await this.popup.pickChain('from', t.from[0]);
    await this.popup.pickToken('from', t.from[1], t.from[1]);
    await this.popup.pickChain('to', t.to[0]);
    await this.popup.pickToken('to', t.to[1], t.to[1]);
    if (t.recipient) await this.popup.recipient.fill(t.recipient);
    await this.popup.amount.fill(t.amount);
    await this.popup.routes.first().waitFor({ timeout: 30_000 });
  }

  /** The route radios, each labelled "<tool>: receive <amount> <symbol>". */
  get routeChoices(): Locator {
    return this.popup.routes.getByRole('radio');
  }

  async choose(index: number): Promise<string> {
    await this.popup.showAllRoutes();
    const choice = this.routeChoices.nth(index);
    await choice.check();
    return (await choice.getAttribute('aria-label')) ?? '';
  }

  /** Sends (approval included) and waits until the wallet returned the hash and the transfer is tracked. */
  async send(): Promise<void> {
    await this.page.waitForFunction(
      () => !(document.querySelector('[data-testid="send"]') as HTMLButtonElement | null)?.disabled,
      undefined,
      { timeout: 30_000 },
    );
    await this.popup.send();
    await this.page.getByTestId('execution-done').waitFor({ timeout: 90_000 });
  }

  async trySendExpectingError(): Promise<string> {
    await this.popup.send();
    // Refused on the review (before Confirm) or after it: the same words either way.
    const error = this.popup.refusal;
    await error.waitFor({ timeout: 60_000 });
    return (await error.textContent()) ?? '';
  }
}
