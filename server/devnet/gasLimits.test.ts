import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../app';
import { BRIDGE_DEFINITIONS } from '../catalog/toolData';
import { type Devnet, startDevnet } from './devnet';
import { bestStep, DevWallet, NATIVE, type RouteRequest } from './flowHelpers';

/**
 * A wallet may send a step transaction with the service's gasLimit as is: that limit must cover what the
 * transaction really costs on the chain, for every bridge and every shape of route (plain bridge, native source,
 * source swap then bridge, same-chain swap).
 */
const USDC_ETHEREUM: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI_ETHEREUM: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

let devnet: Devnet;
let service: RunningServer;
let wallet: DevWallet;

beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: 0.002, chainIds: [1, 42161] });
  service = await startServer({ devnet, timeFactor: 0.002, logLevel: 'silent', rateLimit: { disabled: true } });
  wallet = new DevWallet(devnet.chains, 3);
});

afterAll(async () => {
  await service?.close();
  await devnet?.stop();
});

async function expectLimitCovers(request: Omit<RouteRequest, 'fromAddress'>): Promise<void> {
  const step = await bestStep(service.url, { ...request, fromAddress: wallet.address });
  const tx = step.transactionRequest!;
  if (request.fromTokenAddress !== NATIVE && step.estimate.approvalAddress) {
    await wallet.approve(1, request.fromTokenAddress, step.estimate.approvalAddress, request.fromAmount);
  }
  const used = await wallet.client(1).estimateGas({
    account: wallet.address,
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
  });
  expect(BigInt(tx.gasLimit), `${step.tool} (${step.type}) needs ${used}`).toBeGreaterThanOrEqual(used);
}

describe('step transaction gas limits', () => {
  const bridges = BRIDGE_DEFINITIONS.map((b) => b.key);

  it.each(bridges)('cover an ERC-20 bridge deposit through %s', async (bridge) => {
    await expectLimitCovers({
      fromChainId: 1,
      fromTokenAddress: USDC_ETHEREUM,
      toChainId: 42161,
      toTokenAddress: USDC_ARBITRUM,
      fromAmount: 250_000_000n,
      bridges: [bridge],
    });
  });

  it.each(bridges)('cover a native deposit through %s', async (bridge) => {
    await expectLimitCovers({
      fromChainId: 1,
      fromTokenAddress: NATIVE,
      toChainId: 42161,
      toTokenAddress: NATIVE,
      fromAmount: 10n ** 17n,
      bridges: [bridge],
    });
  });

  it.each(bridges)('cover a source swap then bridge through %s', async (bridge) => {
    await expectLimitCovers({
      fromChainId: 1,
      fromTokenAddress: DAI_ETHEREUM,
      toChainId: 42161,
      toTokenAddress: USDC_ARBITRUM,
      fromAmount: 300n * 10n ** 18n,
      bridges: [bridge],
    });
  });

  it('cover a same-chain swap', async () => {
    await expectLimitCovers({
      fromChainId: 1,
      fromTokenAddress: DAI_ETHEREUM,
      toChainId: 1,
      toTokenAddress: USDC_ETHEREUM,
      fromAmount: 300n * 10n ** 18n,
    });
  });
});
