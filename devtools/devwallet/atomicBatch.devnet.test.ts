import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { createDevWallet, type DevWalletProvider } from './devWallet';

/**
 * The Dev Wallet's EIP-5792 batches on a real anvil chain: the calls land in one block, a later call seeing what an
 * earlier one did; a batch with a reverting call leaves nothing behind; and the wallet can be told it has no batches.
 */

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const RECIPIENT = '0x000000000000000000000000000000000000bEEF' as const;

let devnet: Devnet;
let rpcUrl: string;

beforeAll(async () => {
  devnet = await startDevnet({ chainIds: [1], solana: false });
  rpcUrl = devnet.nodes[0]!.rpcUrl;
});
afterAll(async () => {
  await devnet?.stop();
});

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

const read = async (functionName: 'balanceOf' | 'allowance', args: readonly `0x${string}`[]) =>
  BigInt(
    (await rpc('eth_call', [
      { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName, args: args as never }) },
      'latest',
    ])) as Hex,
  );

/** An approval of the account to itself, then a transferFrom that spends it: the second needs the first. */
function approveThenSpend(owner: `0x${string}`, approved: bigint, spent: bigint) {
  return [
    { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [owner, approved] }) },
    {
      to: USDC,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [owner, RECIPIENT, spent] }),
      value: '0x0',
    },
  ];
}

async function sendAndWait(wallet: DevWalletProvider, calls: unknown[]) {
  const { id } = (await wallet.request({
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', chainId: '0x1', from: wallet.address, atomicRequired: true, calls }],
  })) as { id: string };
  for (let i = 0; i < 100; i++) {
    const status = (await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status: number;
      receipts?: { blockNumber: Hex; status: Hex; transactionHash: Hex }[];
    };
    if (status.status !== 100) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the batch stayed pending');
}

describe('Dev Wallet batches (EIP-5792) on anvil', () => {
  it('says it batches atomically, and runs both calls in one block', async () => {
    const wallet = createDevWallet({ chains: [{ chainId: 1, rpcUrl }], batches: 'atomic' });
    await wallet.request({ method: 'eth_requestAccounts' });
    expect(await wallet.request({ method: 'wallet_getCapabilities', params: [wallet.address, ['0x1']] })).toEqual({
      '0x1': { atomic: { status: 'supported' } },
    });
    const before = await read('balanceOf', [RECIPIENT]);
    const status = await sendAndWait(wallet, approveThenSpend(wallet.address, 5_000_000n, 5_000_000n));
    expect(status.status).toBe(200);
    expect(status.receipts).toHaveLength(2);
    expect(status.receipts!.map((r) => r.status)).toEqual(['0x1', '0x1']);
    expect(status.receipts![0]!.blockNumber).toBe(status.receipts![1]!.blockNumber);
    expect(await read('balanceOf', [RECIPIENT])).toBe(before + 5_000_000n);
    expect(await read('allowance', [wallet.address, wallet.address])).toBe(0n);
    // Automining is back on: a plain transaction afterwards is mined at once.
    expect(await rpc('anvil_getAutomine')).toBe(true);
  });

  it('leaves nothing behind when one call reverts: the approval before it is undone too', async () => {
    const wallet = createDevWallet({ chains: [{ chainId: 1, rpcUrl }], batches: 'atomic' });
    await wallet.request({ method: 'eth_requestAccounts' });
    const balance = await read('balanceOf', [RECIPIENT]);
    const block = await rpc('eth_blockNumber');
    const status = await sendAndWait(wallet, approveThenSpend(wallet.address, 7_000_000n, 8_000_000n));
    expect(status.status).toBe(500);
    expect(await read('allowance', [wallet.address, wallet.address])).toBe(0n);
    expect(await read('balanceOf', [RECIPIENT])).toBe(balance);
    expect(await rpc('eth_blockNumber')).toBe(block);
    expect(await rpc('anvil_getAutomine')).toBe(true);
  });

  it('can be told to have no batches (4200), or to refuse atomicity when asked (5760)', async () => {
    const wallet = createDevWallet({ chains: [{ chainId: 1, rpcUrl }] });
    await wallet.request({ method: 'eth_requestAccounts' });
    await expect(
      wallet.request({ method: 'wallet_getCapabilities', params: [wallet.address, ['0x1']] }),
    ).rejects.toMatchObject({ code: 4200 });
    wallet.setBatches('refuse');
    expect(await wallet.request({ method: 'wallet_getCapabilities', params: [wallet.address, ['0x1']] })).toEqual({
      '0x1': { atomic: { status: 'supported' } },
    });
    await expect(
      wallet.request({ method: 'wallet_sendCalls', params: [{ chainId: '0x1', calls: [] }] }),
    ).rejects.toMatchObject({ code: 5760 });
  });

  it('asks the person, and a refusal sends nothing (4001)', async () => {
    const wallet = createDevWallet({
      chains: [{ chainId: 1, rpcUrl }],
      batches: 'atomic',
      confirm: ({ method }) => method !== 'wallet_sendCalls',
    });
    await wallet.request({ method: 'eth_requestAccounts' });
    const block = await rpc('eth_blockNumber');
    await expect(sendAndWait(wallet, approveThenSpend(wallet.address, 1n, 1n))).rejects.toMatchObject({
      code: 4001,
    });
    expect(await rpc('eth_blockNumber')).toBe(block);
  });
});
