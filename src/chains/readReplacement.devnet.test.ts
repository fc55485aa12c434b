import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDevWallet, type DevWalletProvider } from '../../devtools/devwallet/devWallet';
import { type AnvilNode, startAnvil } from '../../server/devnet/anvil';
import { classifyReplacement } from '../background/transfers/replacement';
import type { ApprovedTransaction } from '../model/transfer';
import { MAX_SCAN_BLOCKS, readReplacement } from './readReplacement';
import { readSentTransaction } from './readSentTransaction';
import { type TrustedClient, trustedClient } from './trustedClient';

/**
 * A wallet replacing its pending transaction on a real anvil chain, as a person does in MetaMask: the Dev Wallet
 * sends, mining is held (anvil would mine the first at once), the wallet speeds it up, cancels it or sends another
 * call at its nonce, and the block is mined. The first hash is then unknown to the node; readReplacement finds what
 * was mined at that nonce, and the classifier says what it is against what was approved.
 */

const RECIPIENT = '0x000000000000000000000000000000000000bEEF' as const;
const STRANGER = '0x0000000000000000000000000000000000005eed' as const;

let node: AnvilNode;
let client: TrustedClient;
let wallet: DevWalletProvider;

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (json.error) throw new Error(json.error.message);
  return json.result;
}

beforeAll(async () => {
  node = await startAnvil({ chainId: 1 });
  client = trustedClient(node.rpcUrl);
  wallet = createDevWallet({ chains: [{ chainId: 1, rpcUrl: node.rpcUrl }] });
  await wallet.request({ method: 'eth_requestAccounts' });
});
afterAll(async () => {
  await node?.stop();
});
beforeEach(async () => {
  await rpc('evm_setAutomine', [true]);
});

/** The transfer the person approved: 0.001 ETH with a memo in its data, to RECIPIENT. */
const approved = (): ApprovedTransaction => ({
  chainId: 1,
  from: wallet.address,
  to: RECIPIENT,
  data: '0x1234',
  value: '1000000000000000',
});

/** Sends the approved transaction with mining held: the node has it pending. Returns its hash and nonce. */
async function sendHeld(): Promise<{ hash: `0x${string}`; nonce: number; block: bigint }> {
  await rpc('evm_setAutomine', [false]);
  const tx = approved();
  const hash = (await wallet.request({
    method: 'eth_sendTransaction',
    params: [{ from: tx.from, to: tx.to, data: tx.data, value: `0x${BigInt(tx.value).toString(16)}` }],
  })) as `0x${string}`;
  const read = await readSentTransaction(client, { hash });
  expect(read.receipt).toBeNull();
  const nonce = read.transaction!.nonce!;
  const unused = await readReplacement(client, { from: wallet.address, nonce });
  expect(unused.kind).toBe('unused');
  return { hash, nonce, block: (unused as { block: bigint }).block };
}

describe('readReplacement on anvil', () => {
  it('finds a speed-up mined in the first one’s place, and it is the approved call', async () => {
    const sent = await sendHeld();
    const faster = await wallet.replacePending('speedUp');
    expect(faster).not.toBe(sent.hash);
    await rpc('evm_mine');
    // The node forgot the first: it was never mined.
    expect((await readSentTransaction(client, { hash: sent.hash })).transaction).toBeNull();
    const found = await readReplacement(client, { from: wallet.address, nonce: sent.nonce, checkedBlock: sent.block });
    expect(found.kind).toBe('mined');
    const tx = (found as Extract<typeof found, { kind: 'mined' }>).transaction;
    expect(tx.hash).toBe(faster);
    expect(tx.nonce).toBe(sent.nonce);
    expect(classifyReplacement(approved(), tx)).toEqual({ kind: 'speedUp' });
  });

  it('finds a cancel: nothing called, nothing moved to anyone else', async () => {
    const sent = await sendHeld();
    const cancel = await wallet.replacePending('cancel');
    await rpc('evm_mine');
    const found = await readReplacement(client, { from: wallet.address, nonce: sent.nonce, checkedBlock: sent.block });
    const tx = (found as Extract<typeof found, { kind: 'mined' }>).transaction;
    expect(tx.hash).toBe(cancel);
    expect(tx.to?.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(classifyReplacement(approved(), tx)).toEqual({ kind: 'cancel' });
  });

  it('finds another call at that nonce, never taken for the transfer', async () => {
    const sent = await sendHeld();
    await wallet.replacePending({ to: STRANGER, value: 5n });
    await rpc('evm_mine');
    const found = await readReplacement(client, { from: wallet.address, nonce: sent.nonce, checkedBlock: sent.block });
    const judged = classifyReplacement(approved(), (found as Extract<typeof found, { kind: 'mined' }>).transaction);
    expect(judged.kind).toBe('other');
    expect(judged.kind === 'other' && judged.differences.map((d) => d.field)).toEqual(['to', 'data', 'value']);
  });

  it('reads at most MAX_SCAN_BLOCKS blocks in one call, and the next goes on from where it stopped', async () => {
    const before = BigInt((await rpc('eth_blockNumber')) as string);
    // Blocks that hold nothing of the account, then its transaction.
    await rpc('anvil_mine', [`0x${(MAX_SCAN_BLOCKS + 10).toString(16)}`]);
    const sent = await sendHeld();
    await rpc('evm_mine');
    const first = await readReplacement(client, { from: wallet.address, nonce: sent.nonce, checkedBlock: before });
    expect(first).toEqual({ kind: 'notFound', block: before + BigInt(MAX_SCAN_BLOCKS) });
    if (first.kind !== 'notFound') throw new Error('expected nothing found in the first blocks');
    const next = await readReplacement(client, { from: wallet.address, nonce: sent.nonce, checkedBlock: first.block });
    // The sent transaction itself, mined: the caller sees its own hash and reads it as usual.
    expect(next.kind === 'mined' && next.transaction.hash).toBe(sent.hash);
  });
});
