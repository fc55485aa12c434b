import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExtensionStorage } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { devAccount } from '../server/devnet/accounts';
import { devnetEnsAddress, setDevnetEnsAddress } from '../server/devnet/ens';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

/**
 * Issue 42, "Names and people", in Chromium on the devnet, whose Ethereum carries ENS at mainnet's addresses
 * (server/devnet/ens.ts: `alice.eth` → account 1). A name typed as the recipient is resolved through the trusted RPC
 * and shown beside its address; the name is pointed elsewhere before sending, and the review, looking it up again,
 * says so and holds Confirm back; back on the form the new address is shown, and the transfer goes to it (read on
 * the destination chain). Its recipient is then offered under the empty field, and removed with ×.
 */

const SHOTS = process.env.ENS_SHOTS;
const ALICE = devAccount(1).address;
const CAROL = devAccount(3).address;
/** The popup's words the test finds its controls by, in each language. */
const WORDS = {
  en: {
    connect: 'Connect wallet',
    from: 'From',
    to: 'To',
    search: 'Search tokens',
    amount: 'Amount',
    recipient: 'Recipient',
  },
  de: {
    connect: 'Wallet verbinden',
    from: 'Von',
    to: 'Nach',
    search: 'Tokens suchen',
    amount: 'Betrag',
    recipient: 'Empfänger',
  },
};

/** Connects the wallet and fills 0.05 ETH from Ethereum to ETH on Arbitrum, as a person speaking `lang` would. */
async function fillForm(popup: PopupPage, lang: 'en' | 'de') {
  const words = WORDS[lang];
  await popup.page.getByRole('button', { name: words.connect, exact: true }).click();
  await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
  for (const [side, chain] of [
    [words.from, 'Ethereum'],
    [words.to, 'Arbitrum'],
  ] as const) {
    await popup.page.getByRole('button', { name: new RegExp(`^${side} Chain:`, 'i') }).click();
    await popup.page.getByRole('dialog').getByRole('button', { name: chain, exact: true }).click();
    await popup.page.getByRole('button', { name: new RegExp(`^${side} Token:`, 'i') }).click();
    await popup.page.getByRole('combobox', { name: words.search }).fill('ETH');
    await popup.page.getByRole('option', { name: /^ETH / }).first().click();
  }
  await popup.page.getByRole('textbox', { name: words.amount }).fill('0.05');
  await popup.page.getByTestId('send-hint').filter({ hasText: REVIEW_HINT[lang] }).waitFor({ timeout: 30_000 });
}

/** What the field says of a name that points to no address. */
const NOT_FOUND = {
  en: /^nobody\.eth points to no Ethereum address/,
  de: /^nobody\.eth zeigt auf keine Ethereum-Adresse/,
};

/** The send button's hint once the selected route can be sent. */
const REVIEW_HINT = { en: /You review every detail/, de: /Du prüfst jede Angabe/ };

describe.each(['en', 'de'] as const)('an ENS name as the recipient (devnet, %s)', (lang) => {
  let env: DevnetDapp;
  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01, lang });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const rpcUrl = (chainId: number) => env.devnet.chains.find((c) => c.chainId === chainId)!.rpcUrl;
  const shot = async (popup: PopupPage, name: string) => {
    if (SHOTS) await popup.page.screenshot({ path: `${SHOTS}/${name}-${lang}.png`, fullPage: true });
  };

  it('resolves it, catches it moving on the review, sends to where it points, then offers the recipient again', async () => {
    const ethereum = createPublicClient({ transport: http(rpcUrl(1)) });
    const arbitrum = createPublicClient({ transport: http(rpcUrl(42161)) });
    expect(await devnetEnsAddress(ethereum, 'alice.eth')).toBe(ALICE);

    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await fillForm(popup, lang);
    const recipient = popup.page.getByRole('textbox', { name: WORDS[lang].recipient });

    // A name that points nowhere is said so; nothing can be sent.
    await recipient.fill('nobody.eth');
    await popup.error('recipient').waitFor({ timeout: 15_000 });
    // Said as no address (the resolver's revert), not as a failed read: the worker's bundle must read reverts.
    expect(await popup.error('recipient').textContent()).toMatch(NOT_FOUND[lang]);
    await shot(popup, 'ens-not-found');

    // The name, resolved on Ethereum through the trusted RPC, beside the address it points to.
    await recipient.fill('Alice.eth');
    const resolved = popup.page.getByTestId('recipient-ens-address');
    await expect.poll(() => resolved.textContent(), { timeout: 15_000 }).toBe(ALICE);
    expect(await popup.page.getByTestId('recipient-ens').textContent()).toContain('alice.eth');
    await popup.page.getByTestId('send-hint').filter({ hasText: REVIEW_HINT[lang] }).waitFor({ timeout: 30_000 });
    await shot(popup, 'ens-resolved');

    // Its owner points it elsewhere before the person sends: the review looks again and holds Confirm back.
    await setDevnetEnsAddress(rpcUrl(1), 'alice.eth', CAROL);
    await popup.sendButton.click();
    const changed = popup.page.getByTestId('review-ens-changed');
    await changed.waitFor({ timeout: 20_000 });
    expect(await changed.textContent()).toContain(CAROL);
    expect(await changed.textContent()).toContain(ALICE);
    expect(await popup.page.getByTestId('review-confirm').isDisabled()).toBe(true);
    await shot(popup, 'ens-review-changed');

    // Back on the form, the name shows where it points now; the review finds it unchanged and lets the person go on.
    await popup.page.getByTestId('review-confirm').locator('xpath=preceding-sibling::button').click();
    await expect.poll(() => resolved.textContent(), { timeout: 15_000 }).toBe(CAROL);
    await popup.page.getByTestId('send-hint').filter({ hasText: REVIEW_HINT[lang] }).waitFor({ timeout: 30_000 });
    const before = await arbitrum.getBalance({ address: CAROL });
    const aliceBefore = await arbitrum.getBalance({ address: ALICE });
    await popup.sendButton.click();
    await popup.page.getByTestId('review-ens').waitFor({ timeout: 20_000 });
    expect(await popup.page.getByTestId('review-recipient').textContent()).toContain(CAROL);
    await shot(popup, 'ens-review-same');
    await popup.page.locator('[data-testid="review-confirm"]:enabled').click({ timeout: 20_000 });

    // Sent to the address the name pointed to when confirmed, as Arbitrum reads it.
    await expect.poll(() => arbitrum.getBalance({ address: CAROL }), { timeout: 90_000 }).toBeGreaterThan(before);
    expect(await arbitrum.getBalance({ address: ALICE })).toBe(aliceBefore);

    // Its recipient is remembered once the sent transaction is read back, and offered under the empty field.
    await expect
      .poll(async () => JSON.stringify(await getExtensionStorage(env.browser.serviceWorker, 'recentRecipients')), {
        timeout: 60_000,
      })
      .toContain(CAROL);
    await popup.page.reload();
    await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
    await recipient.fill('');
    const offered = popup.page.getByTestId('recent-recipient');
    await offered.first().waitFor({ timeout: 15_000 });
    expect(await offered.first().getAttribute('title')).toBe(CAROL);
    await shot(popup, 'ens-recent');
    await offered.first().click();
    expect(await recipient.inputValue()).toBe(CAROL);
    await recipient.fill('');
    await popup.page.getByTestId('recent-recipient-remove').first().click();
    await popup.page.getByTestId('recent-recipients').waitFor({ state: 'detached', timeout: 10_000 });
    expect(JSON.stringify(await getExtensionStorage(env.browser.serviceWorker, 'recentRecipients'))).not.toContain(
      CAROL,
    );
  });
});
