import type { Page } from 'playwright';
import {
  type Abi,
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  pad,
  toFunctionSelector,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_FACETS } from '../server/devnet/lifiFacets';
import { deBridgeDlnFacetAbi } from '../src/contracts/lifi/deBridgeDln';
import { LIFI_DIAMOND_ADDRESS } from '../src/contracts/lifiDiamond';
import { type JourneyInput, journeyRunner } from './harness/journeyRunner';
import { startTamperedDevnetDapp, type TamperedDevnetDapp } from './harness/tamperedDevnetDapp';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Issue 31, the twin: the built extension in Chromium sends through each LI.FI bridge facet the devnet diamond
 * implements and the extension's guard reads (contracts/LiFiDev*Facet.sol, src/checks/routers/lifi/), the funds
 * arriving on chain, and refuses each when the service changes the receiver its calldata carries. One browser for
 * all: a proxy in front of the twin keeps only the bridge under test in the route list, and for the refusal rewrites
 * one field of the step transaction, as a compromised service would.
 *
 * Relay, Glacis, Chainflip and Symbiosis hold no minimum in their calldata: their devnet deposit is the router's
 * BridgeStartedOnQuote, which the simulation reads as what the diamond pays out (src/checks/simulation/facetDeposit.ts), and
 * the relayer pays the twin's quote, the bridge's promise. Gas.zip carries the native coin: it sends ETH.
 */

const ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ATTACKER: Address = '0x000000000000000000000000000000000000dEaD';
const NATIVE: Address = '0x0000000000000000000000000000000000000000';
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ROUTES = '/v1/advanced/routes';
const STEP = '/v1/advanced/stepTransaction';

type Args = readonly unknown[];
type BridgeData = { receiver: Address } & Record<string, unknown>;
/** Rewrites the decoded arguments of a facet call (BridgeData first, the facet's own data last). */
type Tamper = (args: Args) => Args;

const withBridgeData = (args: Args, change: (data: BridgeData) => BridgeData): Args => [
  change(args[0] as BridgeData),
  ...args.slice(1),
];
const withFacetData = (args: Args, change: (data: Record<string, unknown>) => Record<string, unknown>): Args => [
  ...args.slice(0, -1),
  change(args[args.length - 1] as Record<string, unknown>),
];
const receiverToAttacker: Tamper = (args) => withBridgeData(args, (data) => ({ ...data, receiver: ATTACKER }));

/** Each bridge: its journey, the facet function its step calls, and the one field a compromised service changes. */
const BRIDGES: readonly {
  tool: string;
  facet: string;
  journey: JourneyInput;
  token: Address;
  field: string;
  tamper: Tamper;
}[] = [
  ...(
    [
      [
        'stargateV2',
        'startBridgeTokensViaStargate',
        'sendParams.to',
        (args: Args) =>
          withFacetData(args, (data) => ({
            ...data,
            sendParams: { ...(data.sendParams as object), to: pad(ATTACKER) },
          })),
      ],
      ['mayan', 'startBridgeTokensViaMayan', 'BridgeData.receiver', receiverToAttacker],
      ['dln', 'startBridgeTokensViaDeBridgeDln', 'BridgeData.receiver', receiverToAttacker],
      ['polymer', 'startBridgeTokensViaPolymerCCTP', 'BridgeData.receiver', receiverToAttacker],
      ['celercircle', 'startBridgeTokensViaCelerCircleBridge', 'BridgeData.receiver', receiverToAttacker],
      ['near', 'startBridgeTokensViaNEARIntents', 'BridgeData.receiver', receiverToAttacker],
      ['relay', 'startBridgeTokensViaRelayDepository', 'BridgeData.receiver', receiverToAttacker],
      ['glacis', 'startBridgeTokensViaGlacis', 'BridgeData.receiver', receiverToAttacker],
      ['chainflip', 'startBridgeTokensViaChainflip', 'BridgeData.receiver', receiverToAttacker],
      ['symbiosis', 'startBridgeTokensViaSymbiosis', 'BridgeData.receiver', receiverToAttacker],
    ] as const
  ).map(([tool, facet, field, tamper], i) => ({
    tool,
    facet,
    field,
    tamper,
    // An amount of its own per bridge: the extension reuses a search it just made for the same transfer.
    journey: { from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: String(100 + i) } as JourneyInput,
    token: USDC_ARBITRUM,
  })),
  {
    tool: 'gasZipBridge',
    facet: 'startBridgeTokensViaGasZip',
    field: 'BridgeData.receiver',
    tamper: receiverToAttacker,
    journey: { from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.05' },
    token: NATIVE,
  },
];

/**
 * deBridge DLN's own data (DeBridgeDlnData): the order the diamond creates pays its `receiver`, lets
 * `orderAuthorityDst` cancel or patch it on the destination, and binds a taker to `minAmountOut`; the facet compares
 * none of them with BridgeData. Each changed alone by the service, with the words the guard refuses it in.
 */
const DLN_OWN_FIELDS: readonly { field: string; change: (data: Record<string, unknown>) => object; says: RegExp }[] = [
  { field: 'receiver', change: () => ({ receiver: ATTACKER }), says: /names two different receivers/ },
  {
    field: 'receiver and orderAuthorityDst',
    change: () => ({ receiver: ATTACKER, orderAuthorityDst: ATTACKER }),
    says: /names two different receivers/,
  },
  {
    field: 'orderAuthorityDst',
    change: () => ({ orderAuthorityDst: ATTACKER }),
    says: /could be changed or cancelled on the destination by 0x000000000000000000000000000000000000dEaD/,
  },
  {
    field: 'minAmountOut',
    change: (data) => ({ minAmountOut: (data.minAmountOut as bigint) - 1n }),
    says: /the guaranteed minimum \(\d+\) is below/,
  },
];

/** Bytes compared whatever their letters' case (a checksummed address written as DLN's bytes reads back lower-cased). */
const lowerCased = (data: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, typeof value === 'string' ? value.toLowerCase() : value]),
  );

const FACET_ABI = DEV_FACETS.flatMap((facet) => facet.abi) as Abi;

function selectorOf(name: string): Hex {
  const entry = FACET_ABI.find((item) => item.type === 'function' && item.name === name);
  if (entry?.type !== 'function') throw new Error(`no facet function ${name}`);
  return toFunctionSelector(entry);
}

/** The step transaction with one argument of its facet call rewritten. */
function tamperedStep(body: Record<string, unknown>, tamper: Tamper): Record<string, unknown> {
  const tx = body.transactionRequest as { data: Hex };
  const call = decodeFunctionData({ abi: FACET_ABI, data: tx.data });
  const data = encodeFunctionData({ abi: FACET_ABI, functionName: call.functionName, args: tamper(call.args ?? []) });
  return { ...body, transactionRequest: { ...tx, data } };
}

describe('the extension sends through each LI.FI bridge facet of the twin (devnet)', () => {
  let env: TamperedDevnetDapp;
  let monitor: Page;

  beforeAll(async () => {
    env = await startTamperedDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect: 'lifi',
      // Symbiosis' receiver sits in its own nested calldata, which the extension does not read: its route is listed
      // only with the opt-in (src/background/provenRoutes.ts).
      settings: { notifications: true, showUnprovenRoutes: true },
    });
    monitor = await env.browser.context.newPage();
    await monitor.goto(`chrome-extension://${env.browser.extensionId}/popup.html#activity`);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  /**
   * Routes through `tool` only; with `tamper`, its step transaction changed as a compromised service would, the
   * changed calldata handed to `sent`.
   */
  function serve(tool: string, tamper?: Tamper, sent?: (data: Hex) => void) {
    env.proxy.setTamper((path, body) => {
      if (path === ROUTES) {
        const routes = (body.routes as { steps: { tool: string }[] }[]).filter((route) =>
          route.steps.every((step) => step.tool === tool),
        );
        return { ...body, routes };
      }
      if (path !== STEP || !tamper) return body;
      const changed = tamperedStep(body, tamper);
      sent?.((changed.transactionRequest as { data: Hex }).data);
      return changed;
    });
  }

  for (const bridge of BRIDGES) {
    it(`${bridge.tool}: refused when the service changes ${bridge.field}, then sent and arrived`, async () => {
      const run = journeyRunner(env, monitor);
      serve(bridge.tool);
      const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
      try {
        await popup.connect();
        await popup.fill(bridge.journey);
        expect(await popup.routeChoices.count()).toBeLessThanOrEqual(1);
        // The step signed is the one changed (the list may ask for a step to prove a bridge's quote with its owner).
        serve(bridge.tool, bridge.tamper);
        const refusal = await popup.trySendExpectingError();
        expect(refusal).toMatch(/^Blocked for your safety: /);
      } finally {
        await popup.page.close();
      }

      serve(bridge.tool);
      const before = await run.balanceOf(42161, bridge.token, ACCOUNT);
      const earlier = new Set((await run.transfers()).map((transfer) => transfer.txHash));
      await run.journey(bridge.journey);
      // This journey's transfer, whatever order the stored ones are in, once it is complete.
      const ours = async () => (await run.transfers()).find((transfer) => !earlier.has(transfer.txHash));
      await expect.poll(async () => (await ours())?.status, { timeout: 60_000, interval: 1_000 }).toBe('DONE');
      const record = (await ours())!;
      expect(record.approvedTx.to.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
      expect(record.approvedTx.data.slice(0, 10)).toBe(selectorOf(bridge.facet));
      expect(record.sentCheck.state).toBe('verified');
      // Arrived on chain: at least the minimum the person was shown.
      const arrived = (await run.balanceOf(42161, bridge.token, ACCOUNT)) - before;
      expect(arrived).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
    }, 300_000);
  }

  for (const [i, own] of DLN_OWN_FIELDS.entries()) {
    it(`dln: refused when the service changes DeBridgeDlnData.${own.field}`, async () => {
      let expected: Record<string, unknown> | undefined;
      let sent: Hex | undefined;
      const tamper: Tamper = (args) =>
        withFacetData(args, (data) => {
          expected = { ...data, ...own.change(data) };
          return expected;
        });
      serve('dln', tamper, (data) => {
        sent = data;
      });
      const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
      try {
        await popup.connect();
        // An amount no other test asks for: the extension reuses a search it just made for the same transfer, and a
        // route of another bridge would take this tamper somewhere it does not apply.
        await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: String(120 + i) });
        expect(await popup.popup.routes.first().textContent()).toContain('deBridge');
        const refusal = await popup.trySendExpectingError();
        expect(refusal).toMatch(/^Blocked for your safety: /);
        expect(refusal).toMatch(own.says);
      } finally {
        await popup.page.close();
      }
      // What was refused is the DLN call with exactly this change, read with production's ABI.
      const call = decodeFunctionData({ abi: deBridgeDlnFacetAbi, data: sent! });
      expect(call.functionName).toBe('startBridgeTokensViaDeBridgeDln');
      expect(lowerCased(call.args.at(-1) as Record<string, unknown>)).toEqual(lowerCased(expected!));
    }, 120_000);
  }
});
