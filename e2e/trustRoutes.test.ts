import type { Page } from 'playwright';
import { createPublicClient, decodeFunctionData, encodeFunctionData, erc20Abi, type Hex, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { ROUTER_ADDRESS, routerAbi } from '../src/contracts/router';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { notificationIds } from './harness/extensionMessages';
import { type FaultProxy, startFaultProxy } from './harness/faultProxy';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Attacks 1 and 2 of issue #15, and the same hole for the destination chain and the source token, by a compromised
 * routing service: a proxy in front of the honest reference service on the anvil devnet rewrites what the extension
 * asks for and what it is told. The person types 50 USDC on Ethereum to USDC on Arbitrum. Each attack must end with
 * the routes never shown or the transfer refused before signing, nothing spent from the person's balance (read on
 * the devnet), nothing sent to the router, and no completion notification.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9';
const ROUTES = '/v1/advanced/routes';
const STEP = '/v1/advanced/stepTransaction';

// biome-ignore lint/suspicious/noExplicitAny: proxied JSON bodies, read loosely
type Json = Record<string, any>;
type BridgeParams = Extract<
  ReturnType<typeof decodeFunctionData<typeof routerAbi>>,
  { functionName: 'startBridge' }
>['args'][0];

const scale = (amount: unknown, num: bigint, den: bigint) => ((BigInt(String(amount)) * num) / den).toString();
const usd = (value: unknown, factor: number) => (value === undefined ? value : (Number(value) * factor).toFixed(2));

/** The routes answer with each route's displayed amounts divided by 10 (what the person expects for 50 USDC). */
const scaledDown = (answer: Json): Json => ({
  ...answer,
  routes: answer.routes.map((r: Json) => ({
    ...r,
    estimate: {
      ...r.estimate,
      toAmount: scale(r.estimate.toAmount, 1n, 10n),
      toAmountMin: scale(r.estimate.toAmountMin, 1n, 10n),
      fromAmountUSD: usd(r.estimate.fromAmountUSD, 0.1),
      toAmountUSD: usd(r.estimate.toAmountUSD, 0.1),
    },
  })),
});

/** Relabels one token everywhere in a body (address, and symbol/name to the relabelled token's). */
const relabel = (body: Json, from: string, to: { address: string; symbol: string; name: string }): Json =>
  JSON.parse(
    JSON.stringify(body, (_k, v) =>
      v && typeof v === 'object' && typeof v.address === 'string' && v.address.toLowerCase() === from.toLowerCase()
        ? { ...v, address: to.address, symbol: to.symbol, name: to.name }
        : v,
    ),
  );

const withParams = (step: Json, change: (p: BridgeParams) => BridgeParams): Json => {
  const decoded = decodeFunctionData({ abi: routerAbi, data: step.transactionRequest.data as Hex });
  if (decoded.functionName !== 'startBridge') throw new Error('expected startBridge');
  const data = encodeFunctionData({ abi: routerAbi, functionName: 'startBridge', args: [change(decoded.args[0])] });
  return { ...step, transactionRequest: { ...step.transactionRequest, data } };
};

type Attack = {
  name: string;
  /** Sets the proxy up for the attack. */
  arm(proxy: FaultProxy): void;
  /** Where it must be stopped: the routes never shown, or refused before signing with a reason. */
  stopped: { routes: RegExp } | { refused: RegExp };
};

const ATTACKS: Attack[] = [
  {
    // Issue #15, attack 1 as reported: 10× the amount asked upstream, the amounts on screen scaled back down.
    name: 'multiplies the amount by 10 and scales the displayed amounts down',
    arm: (proxy) =>
      proxy.script(ROUTES, [], {
        kind: 'rewrite',
        request: (body) => ({ ...(body as Json), fromAmount: scale((body as Json).fromAmount, 10n, 1n) }),
        rewrite: (body) => scaledDown(body as Json),
      }),
    stopped: { routes: /differ from what you asked for/ },
  },
  {
    // The same, hidden better: the routes answer says the typed amount; the step's calldata takes 10× while its
    // own description still says the typed amount.
    name: 'multiplies the amount by 10 only in the step transaction, relabelled back',
    arm: (proxy) =>
      proxy.script(STEP, [], {
        kind: 'rewrite',
        rewrite: (body) => withParams(body as Json, (p) => ({ ...p, amountIn: p.amountIn * 10n })),
      }),
    stopped: { refused: /^Blocked for your safety: the transaction spends (\d+)0 units instead of \1\./ },
  },
  {
    // Issue #15, attack 2: USDT on Arbitrum relabelled USDC, in the routes and in the step.
    name: 'delivers USDT relabelled as USDC',
    arm: (proxy) => {
      const asUsdc = { address: USDC_ARB, symbol: 'USDC', name: 'USD Coin' };
      proxy.script(ROUTES, [], {
        kind: 'rewrite',
        request: (body) => ({ ...(body as Json), toTokenAddress: USDT_ARB }),
        rewrite: (body) => {
          const answer = relabel(body as Json, USDT_ARB, asUsdc);
          // The steps would show the swap into USDT: a careful attacker drops them.
          return { ...answer, routes: answer.routes.map((r: Json) => ({ ...r, includedSteps: undefined })) };
        },
      });
      proxy.script(STEP, [], {
        kind: 'rewrite',
        request: (body) => relabel(body as Json, USDC_ARB, { address: USDT_ARB, symbol: 'USDT', name: 'Tether USD' }),
        rewrite: (body) => relabel(body as Json, USDT_ARB, asUsdc),
      });
    },
    stopped: {
      refused: /^Blocked for your safety: the transaction (delivers token 0xFd08|bridges token|is paid out)/i,
    },
  },
  {
    name: 'names another destination chain in the routes',
    arm: (proxy) =>
      proxy.script(ROUTES, [], {
        kind: 'rewrite',
        rewrite: (body) => ({
          ...(body as Json),
          routes: (body as Json).routes.map((r: Json) => ({ ...r, action: { ...r.action, toChainId: 8453 } })),
        }),
      }),
    stopped: { routes: /differ from what you asked for/ },
  },
  {
    name: 'bridges to another chain in the calldata only',
    arm: (proxy) =>
      proxy.script(STEP, [], {
        kind: 'rewrite',
        rewrite: (body) => withParams(body as Json, (p) => ({ ...p, dstChainId: 10n })),
      }),
    stopped: { refused: /^Blocked for your safety: the transaction bridges to chain 10, not 42161/ },
  },
  {
    name: 'spends USDT from the source in the calldata',
    arm: (proxy) =>
      proxy.script(STEP, [], {
        kind: 'rewrite',
        rewrite: (body) => withParams(body as Json, (p) => ({ ...p, tokenIn: USDT_ETH, bridgeToken: USDT_ETH })),
      }),
    stopped: {
      refused: /^Blocked for your safety: the transaction spends token 0xdAC17F958D2ee523a2206206994597C13D831ec7/i,
    },
  },
  {
    name: 'names another source token in the routes',
    arm: (proxy) =>
      proxy.script(ROUTES, [], {
        kind: 'rewrite',
        rewrite: (body) => relabel(body as Json, USDC_ETH, { address: USDT_ETH, symbol: 'USDC', name: 'USD Coin' }),
      }),
    stopped: { routes: /differ from what you asked for/ },
  },
];

describe('a compromised routing service cannot make the extension move money differently from the screen', () => {
  let env: DevnetDapp;
  let proxy: FaultProxy;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let monitor: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      settings: { notifications: true },
      apiBaseUrl: async (serviceUrl) => {
        proxy = await startFaultProxy(serviceUrl);
        return proxy.url;
      },
    });
    ({ browser, dappPage, tabId } = env);
    monitor = await browser.context.newPage();
    await monitor.goto(`chrome-extension://${browser.extensionId}/popup.html#activity`);
  });
  afterAll(async () => {
    await env?.stop();
    await proxy?.close();
  });

  const balances = async () => {
    const read = (chainId: number, token: `0x${string}`) => {
      const chain = env.devnet.chains.find((c) => c.chainId === chainId)!;
      return createPublicClient({ transport: http(chain.rpcUrl) }).readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [ACCOUNT],
      });
    };
    return Promise.all([read(1, USDC_ETH), read(1, USDT_ETH), read(42161, USDC_ARB), read(42161, USDT_ARB)]);
  };
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

  // Each attack types its own amount: the background keeps identical searches for 15 s, and an earlier attack's
  // (emptied) answer must not stand in for the next one.
  it.each(ATTACKS.map((attack, i) => ({ ...attack, amount: String(50 + i) })))(
    'stops a service that $name',
    async (attack) => {
      const before = await balances();
      const sendsBefore = await routerSends();
      proxy.reset();
      attack.arm(proxy);
      const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
      await popup.connect();
      await popup.popup.pickChain('from', 'Ethereum');
      await popup.popup.pickToken('from', 'USDC', 'USDC');
      await popup.popup.pickChain('to', 'Arbitrum');
      await popup.popup.pickToken('to', 'USDC', 'USDC');
      await popup.popup.amount.fill(attack.amount);
      if ('routes' in attack.stopped) {
        const message = popup.page.getByTestId('routes-message');
        await message.waitFor({ timeout: 30_000 });
        expect(await message.textContent()).toMatch(attack.stopped.routes);
        expect(await popup.popup.routes.count()).toBe(0);
        expect(await popup.popup.sendButton.isEnabled()).toBe(false);
      } else {
        await popup.popup.routes.first().waitFor({ timeout: 30_000 });
        // What the screen promises is what the person typed for: the amount and token they chose.
        expect(await popup.routeChoices.first().getAttribute('aria-label')).toMatch(/receive \d+\.\d+ USDC/);
        await popup.page.waitForFunction(
          () => !(document.querySelector('[data-testid="send"]') as HTMLButtonElement | null)?.disabled,
          undefined,
          { timeout: 30_000 },
        );
        expect(await popup.trySendExpectingError()).toMatch(attack.stopped.refused);
      }
      await popup.page.close();
      proxy.reset();
      expect(await routerSends()).toBe(sendsBefore);
      // Nothing left the person's balances (an exact approval may have been given, which moves nothing).
      expect(await balances()).toEqual(before);
      expect((await notificationIds(monitor)).filter((id) => id.startsWith('transfer:'))).toEqual([]);
    },
    120_000,
  );

  it('still sends an honest transfer through the same proxy (control)', async () => {
    proxy.reset();
    const [usdcBefore] = await balances();
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '40' });
    await popup.send();
    await popup.page.close();
    const [usdcAfter] = await balances();
    expect(usdcBefore - usdcAfter).toBe(40_000_000n);
  }, 120_000);
});
