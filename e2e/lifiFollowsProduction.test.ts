import { afterAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

/**
 * What li.quest gives beside the figures, as the twin gives it (issue #39): the review shows the fees by party from
 * LI.FI's `feeSplit` (LI.FI, the bridge, the gas on each chain), and a token LI.FI flags gets a plain warning where
 * it is chosen and on the review. Chromium on the devnet, the LI.FI dialect; pictures at 360 x 600 when
 * `TWIN_SHOTS` names a folder, in the language `TWIN_LANG` names (English by default).
 */
const lang = process.env.TWIN_LANG ?? 'en';
const shots = process.env.TWIN_SHOTS;

describe(`LI.FI's fee split and token verification in the popup (devnet, LI.FI dialect, ${lang})`, () => {
  let env: DevnetDapp | undefined;
  afterAll(async () => {
    await env?.stop();
  });

  it('warns about a flagged token where it is chosen and on the review, and shows the fees by party', async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, dialect: 'lifi', timeFactor: 0.01, lang });
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    const shot = async (name: string) => {
      if (shots) await popup.page.screenshot({ path: `${shots}/${name}-${lang}.png` });
    };
    const de = lang === 'de';
    const page = popup.page;
    await page.getByRole('button', { name: de ? 'Wallet verbinden' : 'Connect wallet', exact: true }).click();
    await page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
    const pick = async (side: 'from' | 'to', chain: string, token: string) => {
      const sideName = de ? (side === 'from' ? 'Von' : 'Nach') : side === 'from' ? 'From' : 'To';
      await page.getByRole('button', { name: new RegExp(`^${sideName} chain:`, 'i') }).click();
      await page.getByRole('dialog').getByRole('button', { name: chain, exact: true }).click();
      await page.getByRole('button', { name: new RegExp(`^${sideName} token:`, 'i') }).click();
      await page.getByRole('combobox', { name: de ? 'Tokens suchen' : 'Search tokens' }).fill(token);
      await page
        .getByRole('option', { name: new RegExp(`^${token} `) })
        .first()
        .click();
    };
    await pick('from', 'Ethereum', 'USDC');
    await pick('to', 'Arbitrum', 'AIRDROP');
    const formWarning = popup.page.getByTestId('form-token-warning-to');
    await formWarning.waitFor({ timeout: 10_000 });
    expect(await formWarning.getAttribute('data-status')).toBe('flagged');
    if (lang === 'en') expect(await formWarning.textContent()).toMatch(/^LI\.FI flags AIRDROP as suspicious/);
    await page.getByRole('textbox', { name: de ? 'Betrag' : 'Amount' }).fill('50');
    await popup.routes.first().waitFor({ timeout: 30_000 });
    await shot('form-flagged-token');
    await popup.sendButton.click();
    await popup.page.getByTestId('review').waitFor({ timeout: 15_000 });
    const reviewWarning = popup.page.getByTestId('review-token-warning-to');
    expect(await reviewWarning.getAttribute('data-status')).toBe('flagged');
    await expect.poll(() => popup.page.getByTestId('review-fee-parties').isVisible()).toBe(true);
    const rows = await popup.page.getByTestId('review-fee-parties').locator('li').allTextContents();
    const lifi = await popup.page.getByTestId('review-fee-lifi').textContent();
    const gas = await popup.page.getByTestId('review-fee-gas').allTextContents();
    const tools = await popup.page.getByTestId('review-fee-tool').allTextContents();
    expect(lifi).toMatch(
      de ? /^LI\.FI \(Routing-Dienst\): [0-9.,]+ USDC/ : /^LI\.FI \(routing service\): [0-9.,]+ USDC/,
    );
    expect(tools.length).toBeGreaterThan(0);
    // The twin names a bridge's fee "<bridge> fee" and an exchange's "<exchange> LP fee": both said in our words
    // (the bridge's own fee, the liquidity providers' fee), never the service's English name, never quoted.
    const ours = de
      ? /^(Eigene Gebühr von|Gebühr der Liquiditätsgeber bei) [^„“]+: [0-9.,]+ USDC/
      : /^([^“”]+'s own fee|Liquidity providers' fee on [^“”]+): [0-9.,]+ USDC/;
    for (const tool of tools) expect(tool).toMatch(ours);
    if (lang === 'en') expect(gas[0]).toMatch(/^Gas on Ethereum: [0-9.,]+ ETH/);
    else expect(gas[0]).toMatch(/^Gas auf Ethereum: [0-9.,]+ ETH/);
    expect(rows.length).toBe(1 + tools.length + gas.length);
    await reviewWarning.scrollIntoViewIfNeeded();
    await shot('review-flagged-token');
    await popup.page.getByTestId('review-fee-parties').scrollIntoViewIfNeeded();
    await shot('review-fee-parties');
  }, 180_000);
});
