import type { Page } from 'playwright';
import { type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelayApi } from '../server/devnet/relayApi';
import { RELAY_DEVNET_API } from '../src/checks/promises/relayConfig';
import { relayDepositoryFacetAbi } from '../src/contracts/lifi/relayDepository';
import { journeyRunner } from './harness/journeyRunner';
import { startTamperedDevnetDapp, type TamperedDevnetDapp } from './harness/tamperedDevnetDapp';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Issue 40, Relay: the order behind a RelayDepositoryFacet deposit is proven with Relay's own API (the devnet's, at
 * the address this development build fixes) before the wallet is asked. A compromised routing service (the proxy in
 * front of the LI.FI twin) that keeps every decoded field of the calldata honest but deposits against another
 * order, one paying someone else, is refused; an order Relay does not know, or a Relay API that does not answer,
 * proves nothing and the route is left out; an honest Relay route goes through, paid as its order says.
 */
const ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ATTACKER: Address = '0x000000000000000000000000000000000000dEaD';
const USDC_ETHEREUM: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ROUTES = '/v1/advanced/routes';
/** Where this build asks Relay (BRIDGE_RELAY_API_URL moves it for a build and its tests alike). */
const RELAY_API = process.env.BRIDGE_RELAY_API_URL || RELAY_DEVNET_API;
const STEP = '/v1/advanced/stepTransaction';

type StepBody = Record<string, unknown> & { transactionRequest: { data: Hex } };

const orderIdOf = (data: Hex): Hex => {
  const { args } = decodeFunctionData({ abi: relayDepositoryFacetAbi, data });
  return (args.at(-1) as { orderId: Hex }).orderId;
};

/** The step with only the order id in its Relay facet data replaced: every decoded field stays as it was. */
function withOrderId(body: StepBody, orderId: Hex): StepBody {
  const { functionName, args } = decodeFunctionData({
    abi: relayDepositoryFacetAbi,
    data: body.transactionRequest.data,
  });
  const data = encodeFunctionData({
    abi: relayDepositoryFacetAbi,
    functionName,
    args: [...args.slice(0, -1), { ...(args.at(-1) as object), orderId }],
  } as Parameters<typeof encodeFunctionData>[0]);
  return { ...body, transactionRequest: { ...body.transactionRequest, data } };
}

describe("Relay's order proven with Relay's own API before the wallet (LI.FI twin, devnet)", () => {
  let env: TamperedDevnetDapp;
  let monitor: Page;

  beforeAll(async () => {
    env = await startTamperedDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect: 'lifi',
      settings: { notifications: true },
    });
    // The build asks the devnet's Relay API where `npm start` runs it; this devnet must be the one answering there.
    expect(env.devnet.relayApiUrl).toBe(RELAY_API);
    monitor = await env.browser.context.newPage();
    await monitor.goto(`chrome-extension://${env.browser.extensionId}/popup.html#activity`);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  /** Relay routes only; `step` rewrites the n-th step transaction the extension asks for (0: the listing's proof). */
  function serveRelay(step?: (body: StepBody, n: number) => StepBody) {
    let asked = 0;
    env.proxy.setTamper((path, body) => {
      if (path === ROUTES) {
        const routes = (body.routes as { steps: { tool: string }[] }[]).filter((route) =>
          route.steps.every((s) => s.tool === 'relay'),
        );
        return { ...body, routes };
      }
      if (path !== STEP || !step) return body;
      return step(body as StepBody, asked++);
    });
  }

  /** An order Relay's API knows and its solver signed: the attacker's own 1 USDC quote, paying the attacker. */
  async function attackersOrder(): Promise<Hex> {
    const query = new URLSearchParams({
      fromChain: '1',
      toChain: '42161',
      fromToken: USDC_ETHEREUM,
      toToken: USDC_ARBITRUM,
      fromAmount: '1000000',
      fromAddress: ATTACKER,
      allowBridges: 'relay',
    });
    const quote = (await (await fetch(`${env.service.url}/v1/quote?${query}`)).json()) as StepBody;
    return orderIdOf(quote.transactionRequest.data);
  }

  async function openFilled(amount: string): Promise<JourneyPopup> {
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    await popup.connect();
    await popup.popup.pickChain('from', 'Ethereum');
    await popup.popup.pickToken('from', 'USDC', 'USDC');
    await popup.popup.pickChain('to', 'Arbitrum');
    await popup.popup.pickToken('to', 'USDC', 'USDC');
    await popup.popup.amount.fill(amount);
    return popup;
  }

  it("refuses, before the wallet, a step whose order id is another order's paying someone else", async () => {
    const theirs = await attackersOrder();
    // Honest while routes are listed (and proven), lying when the review and the wallet ask.
    serveRelay((body, n) => (n === 0 ? body : withOrderId(body, theirs)));
    const popup = await openFilled('30');
    try {
      await popup.popup.routes.first().waitFor({ timeout: 30_000 });
      const refusal = await popup.trySendExpectingError();
      expect(refusal).toMatch(/^Blocked for your safety: /);
      expect(refusal).toMatch(/Relay's order expects 1000000 units/);
    } finally {
      await popup.page.close();
    }
  }, 180_000);

  it('does not offer a Relay route whose order contradicts the choice from the start', async () => {
    const theirs = await attackersOrder();
    serveRelay((body) => withOrderId(body, theirs));
    const popup = await openFilled('31');
    try {
      await popup.page.getByTestId('routes-message').waitFor({ timeout: 30_000 });
      expect(await popup.popup.routes.count()).toBe(0);
      // Refused, not merely left out: no opt-in in Settings would bring it back.
      expect(await popup.page.getByTestId('routes-left-out').count()).toBe(0);
    } finally {
      await popup.page.close();
    }
  }, 120_000);

  it("leaves out a Relay route whose order Relay's API does not know (a forged id)", async () => {
    serveRelay((body) => withOrderId(body, `0x${'ab'.repeat(32)}`));
    const popup = await openFilled('32');
    try {
      await popup.page.getByTestId('routes-left-out').waitFor({ timeout: 30_000 });
      expect(await popup.page.getByTestId('routes-left-out').textContent()).toMatch(/^1 route left out/);
      expect(await popup.popup.routes.count()).toBe(0);
    } finally {
      await popup.page.close();
    }
  }, 120_000);

  it("leaves out a Relay route while Relay's API does not answer", async () => {
    serveRelay();
    await env.devnet.relayApi!.close();
    const popup = await openFilled('33');
    try {
      await popup.page.getByTestId('routes-left-out').waitFor({ timeout: 30_000 });
      expect(await popup.popup.routes.count()).toBe(0);
    } finally {
      await popup.page.close();
      // Relay answers again, from the same orders, where the build asks.
      const port = Number(new URL(RELAY_API).port);
      const again = await startRelayApi(env.devnet.bridgePromises!.relayOrders!, port);
      expect(again.url).toBe(RELAY_API);
      env.devnet.relayApi = again;
    }
  }, 120_000);

  it('sends an honest Relay route end to end, paid on chain as its order says', async () => {
    serveRelay();
    const run = journeyRunner(env, monitor);
    const before = await run.balanceOf(42161, USDC_ARBITRUM, ACCOUNT);
    const { record } = await run.journey({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '34' });
    const orderId = orderIdOf(record.approvedTx.data as Hex);
    const answer = (await (await fetch(`${RELAY_API}/requests/v3?orderId=${orderId}`)).json()) as {
      requests: { data: { orderData: { output: { payments: { recipient: string; expectedAmount: string }[] } } } }[];
    };
    const [payment] = answer.requests[0]!.data.orderData.output.payments;
    expect(payment!.recipient.toLowerCase()).toBe(ACCOUNT.toLowerCase());
    expect((await run.balanceOf(42161, USDC_ARBITRUM, ACCOUNT)) - before).toBe(BigInt(payment!.expectedAmount));
  }, 300_000);
});
