import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/app';
import { devAccount } from '../../server/devnet/accounts';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { routingActions } from '../api/adapters';
import { createRoutingClient } from '../api/client';
import { createRpcReader } from '../chains/rpcReader';
import { createSimulator } from '../checks/simulation/simulateBeforeSigning';
import type { TransferChoice } from '../model/choice';
import { previewTransfer } from './previewTransfer';

/**
 * The review's preview of a two-signature route against LI.FI's twin on the devnet (USDC on Ethereum to ARB, which
 * trades on Arbitrum only: bridge, then a swap signed on Arbitrum): step 1 is fetched and simulated as the signing
 * flow plans it, and the gas for step 2 is read on Arbitrum through its RPC before anything is signed.
 */
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const ARB = '0x912CE59144191C1204E64559FE8253a0e49E6548' as const;
const account = devAccount(4).address;

let devnet: Devnet;
let service: RunningServer;
beforeAll(async () => {
  devnet = await startDevnet({ chainIds: [1, 42161], solana: false, timeFactor: 0.002 });
  service = await startServer({ port: 0, devnet, dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
}, 180_000);
afterAll(async () => {
  await service?.close();
  await devnet?.stop();
});

const rpcUrl = (chainId: number) => devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl;
const rpc = createRpcReader();

async function setEth(chainId: number, wei: bigint) {
  await fetch(rpcUrl(chainId)!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [account, `0x${wei.toString(16)}`],
    }),
  });
}

async function previewTwoSteps() {
  const client = createRoutingClient({ baseUrl: service.url, dialect: 'lifi', retry: { attempts: 1 } });
  const lifi = routingActions('lifi');
  const fromAmount = 60_000_000n;
  const { routes } = await lifi.getRoutes(client, {
    fromChainId: 1,
    fromTokenAddress: USDC_ETH,
    toChainId: 42161,
    toTokenAddress: ARB,
    fromAmount: fromAmount.toString(),
    fromAddress: account,
    toAddress: account,
    options: { slippage: 0.005, order: 'OUTPUT' },
  });
  const route = routes.find((r) => r.steps?.length === 2)!;
  const choice: TransferChoice = {
    fromChainId: 1,
    toChainId: 42161,
    fromToken: USDC_ETH,
    toToken: ARB,
    fromAmount,
    fromAddress: account,
    slippage: 0.005,
  };
  const asked: { id: string; recipient: string }[] = [];
  const report = await previewTransfer(
    { choice, route, account, recipient: account },
    {
      getStepTransaction: async (data) => {
        asked.push({ id: data.step.id, recipient: data.recipientAddress });
        return lifi.getStepTransaction(client, data);
      },
      simulator: createSimulator({ rpcUrl: (chainId) => rpcUrl(chainId) }),
      readAllowance: async (chainId, token, owner, spender) =>
        (await rpc.readAllowance(rpcUrl(chainId)!, token, owner, spender)).allowance,
      readGasFunds: async (chainId, owner) => {
        const read = await rpc.readGasFunds(rpcUrl(chainId)!, owner);
        return read.rpcChainId === chainId ? read : undefined;
      },
    },
  );
  return { report, asked, route };
}

describe('previewTransfer of a route signed on two chains', () => {
  it('simulates step 1 only and finds no gas on Arbitrum for step 2, then enough once there is', async () => {
    await setEth(42161, 0n);
    const { report, asked, route } = await previewTwoSteps();
    // Step 1 alone, paying the person's own account (who signs step 2 on Arbitrum).
    expect(asked).toEqual([{ id: route.steps![0]!.id, recipient: account }]);
    expect(report).toMatchObject({
      simulated: true,
      changes: [{ token: USDC_ETH.toLowerCase(), amount: -60_000_000n }],
      destinationGas: { chainId: 42161, step: 2, read: true, balance: 0n, enough: false },
    });
    expect(report.destinationGas!.needed).toBeGreaterThan(0n);

    await setEth(42161, report.destinationGas!.needed);
    expect((await previewTwoSteps()).report.destinationGas).toMatchObject({ read: true, enough: true });
  }, 120_000);
});
