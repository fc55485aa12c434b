import type { Page } from 'playwright';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { ROUTER_ADDRESS, routerAbi } from '../src/contracts/router';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { startTamperingProxy } from './harness/tamperingProxy';

const TIME_FACTOR = 0.01;
const ATTACKER = '0x000000000000000000000000000000000000dEaD';

type Step = {
  transactionRequest: { from: string; to: string; chainId: string | number; data: Hex; value: string };
  estimate: Record<string, unknown>;
};
type BridgeParams = Extract<
  ReturnType<typeof decodeFunctionData<typeof routerAbi>>,
  { functionName: 'startBridge' }
>['args'][0];

/** Rewrites the bridge parameters inside a step transaction's calldata. */
const withParams = (step: Step, change: (p: BridgeParams) => BridgeParams): Step => {
  const decoded = decodeFunctionData({ abi: routerAbi, data: step.transactionRequest.data });
  if (decoded.functionName !== 'startBridge') throw new Error('expected startBridge');
  const data = encodeFunctionData({ abi: routerAbi, functionName: 'startBridge', args: [change(decoded.args[0])] });
  return { ...step, transactionRequest: { ...step.transactionRequest, data } };
};
const withTx = (step: Step, tx: Partial<Step['transactionRequest']>): Step => ({
  ...step,
  transactionRequest: { ...step.transactionRequest, ...tx },
});

/** Each "attack" of a compromised service and the reason the popup must give. */
const ATTACKS: { name: string; tamper(step: Step): Step; reason: RegExp }[] = [
  {
    name: 'pays another recipient',
    tamper: (s) => withParams(s, (p) => ({ ...p, recipient: ATTACKER })),
    reason: /funds would go to 0x0+dEaD/i,
  },
  {
    name: 'lowers the minimum',
    tamper: (s) => withParams(s, (p) => ({ ...p, minDstAmount: 1n })),
    reason: /guaranteed minimum/,
  },
  {
    name: 'spends more',
    tamper: (s) => withParams(s, (p) => ({ ...p, amountIn: p.amountIn * 2n })),
    reason: /spends \d+ units instead of/,
  },
  {
    name: 'bridges to another chain',
    tamper: (s) => withParams(s, (p) => ({ ...p, dstChainId: 8453n })),
    reason: /bridges to chain 8453/,
  },
  {
    name: 'calls another contract',
    tamper: (s) => withTx(s, { to: ATTACKER }),
    reason: /not the contract the route named/,
  },
  {
    name: 'adds native value',
    tamper: (s) => withTx(s, { value: '1000000000000000000' }),
    reason: /also sends native coin/,
  },
  { name: 'sends empty calldata', tamper: (s) => withTx(s, { data: '0x' }), reason: /no call data/ },
  {
    name: 'targets another chain',
    tamper: (s) => withTx(s, { chainId: '42161' }),
    reason: /transaction is for chain 42161/,
  },
  { name: 'sends from another account', tamper: (s) => withTx(s, { from: ATTACKER }), reason: /would be sent from/ },
];

describe('popup refuses tampered transactions from a compromised service (devnet)', () => {
  let env: DevnetDapp;
  let proxy: Awaited<ReturnType<typeof startTamperingProxy>>;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 10],
      walletChainId: 1,
      timeFactor: TIME_FACTOR,
      apiBaseUrl: async (serviceUrl) => {
        proxy = await startTamperingProxy(serviceUrl);
        return proxy.url;
      },
    });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
    await proxy?.close();
  });

  const routerSends = () =>
    dappPage.evaluate(
      (router) =>
        (
          window as unknown as { devWallet: { requests: { method: string; params?: unknown }[] } }
        ).devWallet.requests.filter(
          (r) => r.method === 'eth_sendTransaction' && (r.params as { to: string }[])[0]?.to.toLowerCase() === router,
        ).length,
      ROUTER_ADDRESS.toLowerCase(),
    );

  async function connectedPopup(amount: string) {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'OP Mainnet');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill(amount);
    await popup.routes.first().waitFor({ timeout: 20_000 });
    return popup;
  }

  async function readyPopup() {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'OP Mainnet');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('50');
    await popup.routes.first().waitFor({ timeout: 20_000 });
    // Ready to send: nothing blocks the button (the hint names whatever would).
    await expect
      .poll(() => popup.page.getByTestId('send-hint').textContent(), { timeout: 20_000 })
      .toMatch(/You review every detail/);
    return popup;
  }

  it('refuses every tampered step transaction with a clear reason, sending nothing to the router', async () => {
    const popup = await readyPopup();
    for (const attack of ATTACKS) {
      proxy.setTamper((path, body) =>
        path === '/v1/advanced/stepTransaction' ? (attack.tamper(body as Step) as never) : body,
      );
      await popup.send();
      // Refused on the review (its check ran first) or after Confirm: the same words either way.
      const error = popup.refusal;
      await error.waitFor({ timeout: 30_000 });
      const text = (await error.textContent()) ?? '';
      expect(text, attack.name).toMatch(/^Blocked for your safety: /);
      expect(text, attack.name).toMatch(attack.reason);
      await popup.dismissRefusal();
      await popup.sendButton.waitFor();
      await expect.poll(() => popup.sendButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    }
    expect(await routerSends()).toBe(0);
    await popup.page.close();
  });

  it('asks to accept a worse rate, and sends at it only once accepted', async () => {
    proxy.setTamper((path, body) => {
      if (path !== '/v1/advanced/stepTransaction') return body;
      const step = body as Step;
      const min = BigInt(String(step.estimate.toAmountMin));
      const lower = (min * 95n) / 100n;
      const tampered = withParams(step, (p) => ({ ...p, minDstAmount: lower }));
      return { ...tampered, estimate: { ...step.estimate, toAmountMin: lower.toString() } } as never;
    });
    const popup = await readyPopup();
    await popup.send();
    const prompt = popup.page.getByTestId('rate-prompt');
    await prompt.waitFor({ timeout: 30_000 });
    await popup.page.getByRole('button', { name: 'Cancel' }).click();
    expect(await popup.page.getByTestId('execution-error').textContent()).toMatch(/rate got worse/);
    expect(await routerSends()).toBe(0);

    await popup.page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => popup.sendButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    await popup.send();
    await prompt.waitFor({ timeout: 30_000 });
    await popup.page.getByRole('button', { name: 'Accept new rate' }).click();
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    expect(await routerSends()).toBe(1);
    proxy.setTamper(undefined);
    await popup.page.close();
  });

  it('needs the value-loss warning acknowledged when gas eats a small transfer', async () => {
    const popup = await connectedPopup('2');
    const warning = popup.page.getByTestId('value-loss-warning');
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.textContent()).toMatch(/a loss of \d+%/);
    expect(await popup.sendButton.isEnabled()).toBe(false);
    expect(await popup.page.getByTestId('send-hint').textContent()).toBe('Confirm the value-loss warning.');
    await popup.page.getByRole('checkbox', { name: 'I understand I will lose this value' }).check();
    expect(await popup.sendButton.isEnabled()).toBe(true);
    await popup.page.close();
  });
});
