import { type Abi, type Address, decodeFunctionData, encodeFunctionData, type Hex, toFunctionSelector } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_FACETS } from '../server/devnet/lifiFacets';
import { mayanProtocolAbi } from '../src/contracts/lifi/mayanProtocol';
import type { JourneyInput } from './harness/journeyRunner';
import { startTamperedDevnetDapp, type TamperedDevnetDapp } from './harness/tamperedDevnetDapp';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Issue 40, in Chromium on the twin: a figure a bridge's calldata leaves to the bridge is proven by the bridge's
 * owner (a table generated from its published source, or its own order decoded), so the service changing that figure
 * alone is refused before the wallet, in the guard's words. Honest routes of these bridges go through end to end in
 * e2e/lifiBridges.test.ts; here each proof's field is changed alone: Mayan's order names another chain (Wormhole's
 * id, src/contracts/wormholeChains.ts), Chainflip's asset id names USDT instead of USDC (src/contracts/chainflipAssets.ts),
 * Gas.zip's id names Base (src/contracts/gasZipChains.ts).
 */

type Args = readonly unknown[];
type Tamper = (args: Args) => Args;

const FACET_ABI = DEV_FACETS.flatMap((facet) => facet.abi) as Abi;
const ROUTES = '/v1/advanced/routes';
const STEP = '/v1/advanced/stepTransaction';
const USDT_ARBITRUM: Address = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9';

const withFacetData = (args: Args, change: (data: Record<string, unknown>) => Record<string, unknown>): Args => [
  ...args.slice(0, -1),
  change(args[args.length - 1] as Record<string, unknown>),
];

/** Mayan's Swift order in `protocolData`, sent to Wormhole chain `destChainId` instead. */
function mayanOrderTo(protocolData: Hex, destChainId: number): Hex {
  const call = decodeFunctionData({ abi: mayanProtocolAbi, data: protocolData });
  if (call.functionName !== 'createOrderWithToken' || call.args.length !== 4) {
    throw new Error(`the twin's Mayan order is ${call.functionName}, not Swift v2's createOrderWithToken`);
  }
  const [tokenIn, amountIn, params, customPayload] = call.args;
  const data = encodeFunctionData({
    abi: mayanProtocolAbi,
    functionName: 'createOrderWithToken',
    args: [tokenIn, amountIn, { ...params, destChainId }, customPayload],
  });
  // The overload must be Swift v2's: the same selector as the twin's.
  if (data.slice(0, 10) !== protocolData.slice(0, 10)) throw new Error('re-encoded as another Mayan function');
  return data;
}

const PROOFS: readonly { tool: string; field: string; journey: JourneyInput; tamper: Tamper; says: RegExp }[] = [
  {
    tool: 'mayan',
    field: 'the destination of Mayan’s order (Wormhole 30, Base)',
    journey: { from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '140' },
    tamper: (args) =>
      withFacetData(args, (data) => ({ ...data, protocolData: mayanOrderTo(data.protocolData as Hex, 30) })),
    says: /sends to chain 8453, while the transaction says chain 42161/,
  },
  {
    tool: 'chainflip',
    field: 'Chainflip’s asset id (15, USDT on Arbitrum)',
    journey: { from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '141' },
    tamper: (args) => withFacetData(args, (data) => ({ ...data, dstToken: 15 })),
    says: new RegExp(`delivers token ${USDT_ARBITRUM}`),
  },
  {
    tool: 'gasZipBridge',
    field: 'Gas.zip’s destination id (54, Base)',
    journey: { from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.06' },
    tamper: (args) => withFacetData(args, (data) => ({ ...data, destinationChains: 54n })),
    says: /sends to chain 8453, while the transaction says chain 42161/,
  },
];

/** A routes answer with only the routes whose every step goes through `tool`. */
const onlyTool = (body: Record<string, unknown>, tool: string): Record<string, unknown> => ({
  ...body,
  routes: (body.routes as { steps: { tool: string }[] }[]).filter((route) =>
    route.steps.every((step) => step.tool === tool),
  ),
});

/** The step transaction with its facet call's arguments rewritten, and the facet function it calls. */
function tamperedStep(body: Record<string, unknown>, tamper: Tamper): Record<string, unknown> {
  const tx = body.transactionRequest as { data: Hex };
  const call = decodeFunctionData({ abi: FACET_ABI, data: tx.data });
  const data = encodeFunctionData({ abi: FACET_ABI, functionName: call.functionName, args: tamper(call.args ?? []) });
  return { ...body, transactionRequest: { ...tx, data } };
}

describe('a figure the calldata leaves to the bridge, proven by its owner, changed by the service (devnet)', () => {
  let env: TamperedDevnetDapp;

  beforeAll(async () => {
    env = await startTamperedDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect: 'lifi',
      settings: { notifications: true },
    });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  /** Routes through `tool` only; with `tamper`, its step transaction changed, the changed calldata to `sent`. */
  function serve(tool: string, tamper?: Tamper, sent?: (data: Hex) => void) {
    env.proxy.setTamper((path, body) => {
      if (path === ROUTES) return onlyTool(body, tool);
      if (path !== STEP || !tamper) return body;
      const changed = tamperedStep(body, tamper);
      sent?.((changed.transactionRequest as { data: Hex }).data);
      return changed;
    });
  }

  for (const proof of PROOFS) {
    it(`${proof.tool}: refused before the wallet when the service changes ${proof.field}`, async () => {
      let sent: Hex | undefined;
      serve(proof.tool);
      const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
      try {
        await popup.connect();
        await popup.fill(proof.journey);
        expect(await popup.routeChoices.count()).toBe(1);
        serve(proof.tool, proof.tamper, (data) => {
          sent = data;
        });
        const refusal = await popup.trySendExpectingError();
        expect(refusal).toMatch(/^Blocked for your safety: /);
        expect(refusal).toMatch(proof.says);
      } finally {
        await popup.page.close();
      }
      // What was refused is the tampered call of this bridge's facet.
      const facet = DEV_FACETS.find((f) =>
        f.abi.some((i) => i.type === 'function' && toFunctionSelector(i) === sent?.slice(0, 10)),
      );
      expect(facet?.name.toLowerCase()).toContain(proof.tool === 'gasZipBridge' ? 'gaszip' : proof.tool);
    }, 180_000);
  }

  /** deBridge's routes only; with `value`, its step transaction's native value replaced (the calldata unchanged). */
  function serveDln(value?: (sent: bigint) => bigint) {
    env.proxy.setTamper((path, body) => {
      if (path === ROUTES) return onlyTool(body, 'dln');
      if (path !== STEP || !value) return body;
      const tx = body.transactionRequest as { value: string };
      return { ...body, transactionRequest: { ...tx, value: `0x${value(BigInt(tx.value)).toString(16)}` } };
    });
  }

  it("dln: states deBridge's fixed fee as its contract does on the review, and sends the token order with it", async () => {
    serveDln();
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    try {
      await popup.connect();
      await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '142' });
      expect(await popup.routeChoices.count()).toBe(1);
      await popup.popup.sendButton.click();
      const review = popup.page.getByRole('dialog', { name: 'Review transfer' });
      // The fee read from DlnSource through the trusted RPC, in the source chain's coin; the simulation lets
      // exactly it leave beside the USDC.
      await expect
        .poll(() => review.getByTestId('review-bridge-fee').textContent(), { timeout: 60_000 })
        .toMatch(/’s own fee 0\.001 ETH, as its contract states$|'s own fee 0\.001 ETH, as its contract states$/);
      await review.locator('[data-testid="review-simulation"][aria-busy="false"]').waitFor({ timeout: 60_000 });
      expect(await review.getByTestId('review-simulation').textContent()).toMatch(/0\.001 ETH/);
      expect(await review.getByTestId('review-bridge-promise').count()).toBe(0);
      await popup.page.keyboard.press('Escape');
      await review.waitFor({ state: 'detached' });
      await popup.send();
    } finally {
      await popup.page.close();
    }
  }, 180_000);

  it("dln: refused before the wallet when the service sends more native coin than deBridge's contract states", async () => {
    serveDln();
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    try {
      await popup.connect();
      await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '143' });
      expect(await popup.routeChoices.count()).toBe(1);
      serveDln((sent) => sent * 2n);
      const refusal = await popup.trySendExpectingError();
      expect(refusal).toMatch(/^Blocked for your safety: /);
      expect(refusal).toMatch(
        /pays 2000000000000000 wei of the native coin as deBridge's fee, but deBridge's contract states a fee of 1000000000000000 wei/,
      );
    } finally {
      await popup.page.close();
    }
  }, 180_000);
});
