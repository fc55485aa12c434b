import type { LiFiStep, RoutesResponse } from '@lifi/types';
import { decodeFunctionData, getAddress, pad } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFI_DIAMOND_ADDRESS, lifiDiamondAbi } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { type RunningServer, startServer } from '../app';
import { gasZipPeripheryDevAbi } from '../devnet/artifacts/GasZipPeripheryDev';
import { GAS_ZIP_PERIPHERY } from '../devnet/lifiFacets';
import { ARB_TOKEN, SENDER, USDC, ZERO } from '../testing/serviceClient';

/**
 * LI.FI's `fromAmountForGas` on the twin, without a devnet: where li.quest takes it (the quote's query, beside the
 * routes body's `options`), how the route shows it (a `gasZip` protocol step before the bridge), the calldata
 * (a GasZipPeriphery swap step inside the bridge call, the rest bridged), the id binding it through
 * stepTransaction, and the 400s for what cannot be gas on arrival. Paid on chain: server/lifi/sdk.test.ts.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const AMOUNT = 60_000_000n; // 60 USDC
const GAS = 5_000_000n; // 5 USDC of it as ETH on Arbitrum

const quoteUrl = (extra: string) =>
  `${server.url}/v1/quote?fromChain=1&toChain=42161&fromToken=${USDC[1]}&toToken=${USDC[42161]}` +
  `&fromAmount=${AMOUNT}&fromAddress=${SENDER}&allowBridges=across${extra}`;

/** The bridge call's one swap step: the periphery's, with the whole amount as its input. */
function gasSwapOf(step: LiFiStep) {
  const call = decodeFunctionData({ abi: lifiDiamondAbi, data: step.transactionRequest!.data as `0x${string}` });
  if (call.functionName !== 'swapAndStartBridgeTokensViaAcrossV4') throw new Error(call.functionName);
  const [bridgeData, swaps] = call.args;
  return { bridgeData, swaps };
}

describe('gas on arrival (fromAmountForGas) in the lifi dialect', () => {
  it('prices the quote with a gasZip step and sends that part through the GasZipPeriphery, bridging the rest', async () => {
    const plain = (await (await fetch(quoteUrl(''))).json()) as LiFiStep;
    const res = await fetch(quoteUrl(`&fromAmountForGas=${GAS}`));
    expect(res.status).toBe(200);
    const step = (await res.json()) as LiFiStep;

    // The route shows the gas as its own included step before the bridge: USDC in, ETH on Arbitrum out.
    const gasStep = step.includedSteps[0]!;
    expect(gasStep).toMatchObject({ type: 'protocol', tool: 'gasZip' });
    expect(gasStep.action).toMatchObject({ fromChainId: 1, toChainId: 42161, fromAmount: GAS.toString() });
    expect(gasStep.action.fromToken.address).toBe(USDC[1]);
    expect(gasStep.action.toToken).toMatchObject({ address: ZERO, chainId: 42161, symbol: 'ETH' });
    expect(BigInt(gasStep.estimate.toAmount)).toBeGreaterThan(0n);
    expect(BigInt(gasStep.estimate.toAmountMin)).toBeLessThanOrEqual(BigInt(gasStep.estimate.toAmount));
    expect(step.includedSteps[1]).toMatchObject({ type: 'cross', tool: 'across' });
    expect(step.includedSteps[1]!.action.fromAmount).toBe((AMOUNT - GAS).toString());
    // The person still sends the whole amount; less arrives as USDC.
    expect(step.action.fromAmount).toBe(AMOUNT.toString());
    expect(BigInt(step.estimate.toAmount)).toBeLessThan(BigInt(plain.estimate.toAmount));

    const { bridgeData, swaps } = gasSwapOf(step);
    expect(bridgeData.hasSourceSwaps).toBe(true);
    expect(bridgeData.minAmount).toBe(AMOUNT - GAS);
    expect(bridgeData.receiver).toBe(getAddress(SENDER));
    expect(swaps).toHaveLength(1);
    const [swap] = swaps;
    expect(swap).toMatchObject({
      callTo: GAS_ZIP_PERIPHERY.address,
      approveTo: GAS_ZIP_PERIPHERY.address,
      sendingAssetId: USDC[1],
      receivingAssetId: USDC[1],
      fromAmount: AMOUNT,
      requiresDeposit: true,
    });
    const inner = decodeFunctionData({ abi: gasZipPeripheryDevAbi, data: swap!.callData });
    if (inner.functionName !== 'depositToGasZipERC20') throw new Error(inner.functionName);
    const [dexSwap, gasZipData] = inner.args;
    expect(dexSwap).toMatchObject({ callTo: ROUTER_ADDRESS, receivingAssetId: ZERO, fromAmount: GAS });
    // Gas.zip's receiver is left-aligned, and 57 is its id for Arbitrum.
    expect(gasZipData.receiverAddress).toBe(pad(SENDER, { size: 32, dir: 'right' }));
    expect(gasZipData.destinationChains).toBe(57n);
    expect(step.transactionRequest!.to).toBe(LIFI_DIAMOND_ADDRESS);
  });

  it('takes fromAmountForGas beside options in a routes body, and stepTransaction keeps it from the id', async () => {
    const body = {
      fromChainId: 1,
      toChainId: 42161,
      fromTokenAddress: USDC[1],
      toTokenAddress: USDC[42161],
      fromAmount: AMOUNT.toString(),
      fromAddress: SENDER,
      fromAmountForGas: GAS.toString(),
      options: { bridges: { allow: ['across'] } },
    };
    const { routes } = (await (await post('/v1/advanced/routes', body)).json()) as RoutesResponse;
    const step = routes[0]!.steps[0]!;
    expect(step.includedSteps[0]).toMatchObject({ tool: 'gasZip' });
    const built = (await (await post('/v1/advanced/stepTransaction', step)).json()) as LiFiStep;
    expect(built.id).toBe(step.id);
    expect(gasSwapOf(built).bridgeData.minAmount).toBe(AMOUNT - GAS);

    // The same step without the gas in its id is not one this service issued for that action.
    const plainId = step.id.replace(/~g\d+/, '');
    const forged = await post('/v1/advanced/stepTransaction', { ...step, id: plainId });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 1011, errors: { id: expect.any(String) } });
  });

  it('keeps the gas with step 1 of a two-step route through stepTransaction, as its routes answer priced it', async () => {
    const body = {
      fromChainId: 1,
      toChainId: 42161,
      fromTokenAddress: USDC[1],
      toTokenAddress: ARB_TOKEN,
      fromAmount: AMOUNT.toString(),
      fromAddress: SENDER,
      fromAmountForGas: GAS.toString(),
      options: { allowSwitchChain: true },
    };
    const { routes } = (await (await post('/v1/advanced/routes', body)).json()) as RoutesResponse;
    const twoSteps = routes.find((route) => route.steps.length === 2)!;
    const step = twoSteps.steps[0]!;
    expect(step.includedSteps[0]).toMatchObject({ tool: 'gasZip', action: { fromAmount: GAS.toString() } });
    const built = (await (await post('/v1/advanced/stepTransaction', step)).json()) as LiFiStep;
    expect(built.includedSteps.map((s) => [s.tool, s.action.fromAmount])).toEqual(
      step.includedSteps.map((s) => [s.tool, s.action.fromAmount]),
    );
  });

  it('answers 400 naming fromAmountForGas for what cannot be gas on arrival', async () => {
    const cases: readonly [string, string][] = [
      ['&fromAmountForGas=-5', 'fromAmountForGas'],
      ['&fromAmountForGas=1.5', 'fromAmountForGas'],
      ['&fromAmountForGas=0', 'must be greater than 0'],
      [`&fromAmountForGas=${AMOUNT}`, 'must be less than fromAmount'],
    ];
    for (const [extra, words] of cases) {
      const res = await fetch(quoteUrl(extra));
      expect(res.status, extra).toBe(400);
      const answer = (await res.json()) as { code: number; message: string };
      expect(answer.code).toBe(1011);
      expect(answer.message).toContain(words);
    }
    const sameChain = await fetch(
      `${server.url}/v1/quote?fromChain=1&toChain=1&fromToken=${USDC[1]}&toToken=${ZERO}` +
        `&fromAmount=${AMOUNT}&fromAddress=${SENDER}&fromAmountForGas=${GAS}`,
    );
    expect(sameChain.status).toBe(400);
    expect(((await sameChain.json()) as { message: string }).message).toContain('only across chains');

    const badBody = await post('/v1/advanced/routes', {
      fromChainId: 1,
      toChainId: 42161,
      fromTokenAddress: USDC[1],
      toTokenAddress: USDC[42161],
      fromAmount: AMOUNT.toString(),
      fromAmountForGas: 5,
    });
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { message: string }).message).toContain('fromAmountForGas');
  });
});
