import { generateKeyPairSigner } from '@solana/kit';
import type { Page } from 'playwright';
import { type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearIntentsFacetDevAbi } from '../server/devnet/artifacts/NearIntentsFacetDev';
import { evmDepositAddress, issueOneClickQuote } from '../server/devnet/oneClickQuotes';
import { signNearIntentsPayload } from '../server/lifi/facetCalls';
import { journeyRunner } from './harness/journeyRunner';
import { startTamperedDevnetDapp, type TamperedDevnetDapp } from './harness/tamperedDevnetDapp';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Issue 40 on the twin, in Chromium: a NEAR Intents route is listed only when 1Click's signed quote behind its
 * deposit address names what the person chose. A compromised service that keeps every decoded field honest (and
 * signs the facet's payload as LI.FI's backend would) but hands over the deposit address of a quote paying someone
 * else is refused before the wallet; a quote whose signature is not 1Click's, or a 1Click that does not answer,
 * leaves the route out with one line saying so, and the opt-in in Settings shows it, its review naming what is
 * unproven; an honest one goes through; under Safest a proven route ranks above an unproven one.
 */

const ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ATTACKER: Address = '0x000000000000000000000000000000000000dEaD';
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const ROUTES = '/v1/advanced/routes';
const STEP = '/v1/advanced/stepTransaction';
const ONE_CLICK = '/1click/v0/status';

type RouteBody = { steps: { tool: string }[]; tags?: string[] };
type StepBody = { transactionRequest: { data: Hex; chainId: number } };

/** The step's NEAR Intents call with the deposit address (and quote id) of a quote paying the attacker instead. */
function depositOfAttackersQuote(body: Record<string, unknown>): Record<string, unknown> {
  const tx = (body as StepBody).transactionRequest;
  const call = decodeFunctionData({ abi: nearIntentsFacetDevAbi, data: tx.data });
  const args = [...(call.args ?? [])] as unknown[];
  const bridge = args[0] as Parameters<typeof signNearIntentsPayload>[0] & { sendingAssetId: Address };
  const near = args[args.length - 1] as Parameters<typeof signNearIntentsPayload>[1] & { signature: Hex };
  const theirs = issueOneClickQuote({
    transactionId: bridge.transactionId,
    fromChainId: tx.chainId,
    toChainId: 42161,
    sendingToken: bridge.sendingAssetId,
    toToken: USDC_ARBITRUM,
    amountIn: bridge.minAmount,
    minAmountOut: near.minAmountOut,
    recipient: ATTACKER,
    refundTo: ATTACKER,
    deadline: Number(near.deadline),
    slippageBps: 50,
  });
  const swapped = { ...near, depositAddress: evmDepositAddress(theirs.depositAddress), quoteId: theirs.quoteId };
  // Signed as LI.FI's backend signs (the devnet's key): anyone who can change li.quest's answer can do this much.
  args[args.length - 1] = { ...swapped, signature: signNearIntentsPayload(bridge, swapped, tx.chainId) };
  const data = encodeFunctionData({ abi: nearIntentsFacetDevAbi, functionName: call.functionName, args } as never);
  return { ...body, transactionRequest: { ...tx, data } };
}

describe('NEAR Intents is offered only as 1Click proves it (devnet)', () => {
  let env: TamperedDevnetDapp;
  let monitor: Page;

  beforeAll(async () => {
    env = await startTamperedDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect: 'lifi',
      // Safest: one test ranks a proven route above an unproven one; the others list one route each.
      settings: { notifications: true, routeOrder: 'SAFETY' },
    });
    monitor = await env.browser.context.newPage();
    await monitor.goto(`chrome-extension://${env.browser.extensionId}/popup.html#activity`);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  /** Routes through `tools` only; `step` and `oneClick` rewrite those answers as a compromised service would. */
  function serve(
    tools: readonly string[],
    change: {
      step?: (body: Record<string, unknown>) => Record<string, unknown>;
      oneClick?: (body: Record<string, unknown>) => Record<string, unknown>;
      routes?: (routes: RouteBody[]) => RouteBody[];
    } = {},
  ) {
    env.proxy.setTamper((path, body) => {
      if (path === ROUTES) {
        const routes = (body.routes as RouteBody[]).filter((route) => route.steps.every((s) => tools.includes(s.tool)));
        return { ...body, routes: change.routes ? change.routes(routes) : routes };
      }
      if (path === STEP && change.step) return change.step(body);
      if (path === ONE_CLICK && change.oneClick) return change.oneClick(body);
      return body;
    });
  }

  async function setOptIn(on: boolean) {
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    const page = popup.page;
    try {
      await popup.popup.tab('Settings').click();
      const box = page.getByTestId('settings-show-unproven');
      await box.setChecked(on);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('settings-message').filter({ hasText: 'Settings saved.' }).waitFor();
    } finally {
      await page.close();
    }
  }

  /** Fills the form without waiting for a route: the list may hold none, only the line saying why. */
  async function search(popup: JourneyPopup, amount: string) {
    await popup.popup.pickChain('from', 'Ethereum');
    await popup.popup.pickToken('from', 'USDC', 'USDC');
    await popup.popup.pickChain('to', 'Arbitrum');
    await popup.popup.pickToken('to', 'USDC', 'USDC');
    await popup.popup.amount.fill(amount);
  }

  it('refuses, before the wallet, the deposit address of a quote that pays someone else', async () => {
    // The list's own proof sees the honest quote; the one fetched for signing carries the attacker's deposit address.
    serve(['near']);
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    try {
      await popup.connect();
      await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '201' });
      expect(await popup.popup.routes.first().textContent()).toContain('NEAR');
      expect(await popup.page.getByTestId('route-unproven').count()).toBe(0);
      serve(['near'], { step: depositOfAttackersQuote });
      const refusal = await popup.trySendExpectingError();
      expect(refusal).toMatch(/^Blocked for your safety: /);
      expect(refusal).toContain(`1Click's signed quote pays ${ATTACKER}, not the receiver you chose.`);
    } finally {
      await popup.page.close();
    }
  }, 180_000);

  it('leaves a route out when 1Click does not answer or its signature fails, and shows it with the opt-in', async () => {
    const cases = [
      [
        'unreachable',
        () => {
          throw new Error('1Click does not answer');
        },
      ],
      [
        'bad signature',
        (body: Record<string, unknown>) => {
          const quote = body.quoteResponse as { quote: Record<string, unknown> };
          return { ...body, quoteResponse: { ...quote, quote: { ...quote.quote, minAmountOut: '1' } } };
        },
      ],
    ] as const;
    for (const [i, [what, oneClick]] of cases.entries()) {
      serve(['near'], { oneClick });
      const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
      try {
        await popup.connect();
        await search(popup, String(210 + i));
        const line = popup.page.getByTestId('routes-left-out');
        await line.waitFor({ timeout: 30_000 });
        expect(await line.textContent(), what).toBe(
          "1 route left out: who receives there is only the bridge's promise. Settings can show it.",
        );
        expect(await popup.popup.routes.count()).toBe(0);
      } finally {
        await popup.page.close();
      }
    }
    await setOptIn(true);
    try {
      serve(['near'], { oneClick: cases[0][1] });
      const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
      try {
        await popup.connect();
        await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '220' });
        expect(await popup.page.getByTestId('routes-left-out').count()).toBe(0);
        const mark = popup.page.getByTestId('route-unproven');
        await mark.waitFor();
        expect(await mark.textContent()).toBe(
          "Not proven, only the bridge's promise: who receives, the destination chain, the token received, the minimum received",
        );
        await popup.page.getByTestId('send').click();
        await popup.page.getByTestId('review-bridge-promise').waitFor({ timeout: 30_000 });
        expect(await popup.page.getByTestId('review-unproven-recipient').textContent()).toBe(
          'Your connected account, as the bridge promises: not proven',
        );
        expect(await popup.page.getByTestId('review-unproven-minimum').isVisible()).toBe(true);
        expect(await popup.page.getByTestId('review-unproven-receive').isVisible()).toBe(true);
      } finally {
        await popup.page.close();
      }
    } finally {
      await setOptIn(false);
    }
  }, 240_000);

  it('ranks a proven route above an unproven one under Safest', async () => {
    await setOptIn(true);
    try {
      // The service ranks Symbiosis (whose receiver this extension cannot read) first, as safest.
      serve(['near', 'symbiosis'], {
        routes: (routes) =>
          [...routes]
            .sort((a, b) => Number(b.steps[0]?.tool === 'symbiosis') - Number(a.steps[0]?.tool === 'symbiosis'))
            .map((route) => (route.steps[0]?.tool === 'symbiosis' ? { ...route, tags: ['SAFEST'] } : route)),
      });
      const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
      try {
        await popup.connect();
        await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '230' });
        await popup.popup.showAllRoutes();
        const names = await popup.routeChoices.evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label')));
        expect(names.length).toBe(2);
        expect(names[0]).toMatch(/^NEAR/);
        expect(names[1]).toMatch(/^Symbiosis/);
      } finally {
        await popup.page.close();
      }
    } finally {
      await setOptIn(false);
    }
  }, 180_000);

  it('sends an honest NEAR Intents transfer end to end', async () => {
    serve(['near']);
    const run = journeyRunner(env, monitor);
    const before = await run.balanceOf(42161, USDC_ARBITRUM, ACCOUNT);
    const { record } = await run.journey({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '240' });
    expect(record.status).toBe('DONE');
    const arrived = (await run.balanceOf(42161, USDC_ARBITRUM, ACCOUNT)) - before;
    expect(arrived).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 300_000);

  it('sends an honest NEAR Intents transfer to Solana end to end, its quote naming the typed key and SPL USDC', async () => {
    serve(['near']);
    const run = journeyRunner(env, monitor);
    const receiver = (await generateKeyPairSigner()).address;
    const solana = env.devnet.solana!;
    const before = await solana.tokenBalance(receiver, USDC_SOLANA);
    const { record } = await run.journey({
      from: ['Ethereum', 'USDC'],
      to: ['Solana', 'USDC'],
      amount: '250',
      recipient: receiver,
    });
    expect(record.status).toBe('DONE');
    expect(record).toMatchObject({ toAddress: receiver, toChainId: 1151111081099710 });
    const arrived = (await solana.tokenBalance(receiver, USDC_SOLANA)) - before;
    expect(arrived).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 300_000);
});
