import { createWalletClient, type Hex, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../app';
import { devAccount } from '../devnet/accounts';
import { type Devnet, startDevnet } from '../devnet/devnet';
import { nearDepositAddress } from './facetCalls';

/**
 * The twin's `GET /v1/status?taskId=`: its tasks are its transfers' LI.FI `transactionId`, so a status asked by the
 * task is the status of the transaction that started it, for a bridge (LiFiTransferStarted) and a same-chain swap
 * (LiFiGenericSwapCompleted), and a task nobody started is NOT_FOUND.
 */
const TIME_FACTOR = 0.002;
const NATIVE = '0x0000000000000000000000000000000000000000';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const account = devAccount(5);

let devnet: Devnet;
let service: RunningServer;
beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: TIME_FACTOR, chainIds: [1, 42161] });
  service = await startServer({
    devnet,
    dialect: 'lifi',
    timeFactor: TIME_FACTOR,
    logLevel: 'silent',
    rateLimit: { disabled: true },
  });
}, 120_000);
afterAll(async () => {
  await service?.close();
  await devnet?.stop();
});

type Status = { status: string; transactionId?: string; tool?: string; sending?: { txHash: string } };

/** Quotes native ETH from Ethereum to `toChain`/`toToken`, and sends the quoted transaction. */
async function sendQuoted(toChain: number, toToken: string, bridge?: string): Promise<Hex> {
  const query = new URLSearchParams({
    ...(bridge ? { allowBridges: bridge } : {}),
    fromChain: '1',
    toChain: String(toChain),
    fromToken: NATIVE,
    toToken,
    fromAmount: String(10n ** 16n),
    fromAddress: account.address,
  });
  const step = (await (await fetch(`${service.url}/v1/quote?${query}`)).json()) as {
    transactionRequest: { to: Hex; data: Hex; value: Hex; gasLimit: Hex };
  };
  const rpcUrl = devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
  const wallet = createWalletClient({
    account,
    chain: {
      id: 1,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    },
    transport: http(rpcUrl),
  });
  const { to, data, value, gasLimit } = step.transactionRequest;
  return wallet.sendTransaction({ to, data, value: BigInt(value), gas: BigInt(gasLimit) });
}

const status = async (query: string): Promise<Status> =>
  (await fetch(`${service.url}/v1/status?${query}`)).json() as Promise<Status>;

async function byHashOnceMined(hash: Hex): Promise<Status> {
  for (let i = 0; i < 100; i++) {
    const answer = await status(`txHash=${hash}`);
    if (answer.status !== 'NOT_FOUND') return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${hash} never found`);
}

describe('lifi status by taskId on the devnet', () => {
  it('finds a bridge and a same-chain swap by their transactionId, and nothing for an unknown task', async () => {
    for (const [toChain, toToken] of [
      [42161, NATIVE],
      [1, USDC_ETHEREUM],
    ] as const) {
      const hash = await sendQuoted(toChain, toToken);
      const byHash = await byHashOnceMined(hash);
      expect(byHash.transactionId).toMatch(/^0x[0-9a-f]{64}$/i);
      expect(byHash.transactionId).not.toBe(hash);
      const byTask = await status(`taskId=${byHash.transactionId}`);
      expect(byTask.sending?.txHash).toBe(hash);
      expect(byTask.tool).toBe(byHash.tool);
      expect(byTask.transactionId).toBe(byHash.transactionId);
    }
    expect(await status(`taskId=0x${'cd'.repeat(32)}`)).toEqual({ status: 'NOT_FOUND' });
  }, 120_000);
});

describe('lifi status by transactionId and depositAddress on the devnet', () => {
  it('finds a transfer by its transactionId alone, and a NEAR Intents transfer by its deposit address', async () => {
    const hash = await sendQuoted(42161, NATIVE, 'near');
    const byHash = await byHashOnceMined(hash);
    expect(byHash.tool).toBe('near');
    const byId = await status(`transactionId=${byHash.transactionId}`);
    expect(byId.sending?.txHash).toBe(hash);
    const deposit = nearDepositAddress(byHash.transactionId as Hex);
    const byDeposit = await status(`depositAddress=${deposit}`);
    expect(byDeposit.sending?.txHash).toBe(hash);
    expect(byDeposit.transactionId).toBe(byHash.transactionId);
    expect(await status(`depositAddress=0x${'ab'.repeat(20)}`)).toEqual({ status: 'NOT_FOUND' });
    expect(await status(`transactionId=0x${'cd'.repeat(32)}`)).toEqual({ status: 'NOT_FOUND' });
    const none = await fetch(`${service.url}/v1/status?fromChain=1`);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toMatch(
      /txHash, taskId, transactionId or depositAddress/,
    );
  }, 120_000);
});
