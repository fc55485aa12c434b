import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  signature,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalog } from '../catalog/catalog';
import { SolanaDevnet } from './solana';
import { type SolanaRpcServer, startSolanaRpc } from './solanaRpc';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** 64 bytes of base58 that no transaction on the devnet has. */
const UNKNOWN = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('the devnet Solana JSON-RPC', () => {
  let solana: SolanaDevnet;
  let server: SolanaRpcServer;
  beforeAll(async () => {
    solana = await SolanaDevnet.start(getCatalog());
    server = await startSolanaRpc(solana);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers getTransaction for a delivery with its error, slot and the receiver’s token balances, through @solana/kit', async () => {
    const receiver = (await generateKeyPairSigner()).address;
    const delivery = await solana.deliver('0xrpc', receiver, USDC, 12_345_678n);
    const rpc = createSolanaRpc(server.url);
    const tx = await rpc
      .getTransaction(signature(delivery.signature), {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send();
    expect(tx).not.toBeNull();
    expect(tx!.meta!.err).toBeNull();
    expect(tx!.version).toBe(0);
    expect(tx!.transaction.signatures).toEqual([delivery.signature]);
    const keys = tx!.transaction.message.accountKeys;
    expect(keys[0]).toBe(solana.relayer.address);
    // The receiver's account did not exist before (created in the same transaction): post only.
    const receiverPre = tx!.meta!.preTokenBalances!.filter((b) => b.owner === receiver);
    const receiverPost = tx!.meta!.postTokenBalances!.filter((b) => b.owner === receiver);
    expect(receiverPre).toEqual([]);
    expect(receiverPost).toHaveLength(1);
    expect(receiverPost[0]).toMatchObject({ mint: USDC, uiTokenAmount: { amount: '12345678', decimals: 6 } });
    expect(receiverPost[0]!.uiTokenAmount.uiAmountString).toBe('12.345678');
    // The relayer's inventory went down by the same amount.
    const relayerPre = tx!.meta!.preTokenBalances!.find((b) => b.owner === solana.relayer.address && b.mint === USDC);
    const relayerPost = tx!.meta!.postTokenBalances!.find((b) => b.owner === solana.relayer.address && b.mint === USDC);
    expect(BigInt(relayerPre!.uiTokenAmount.amount) - BigInt(relayerPost!.uiTokenAmount.amount)).toBe(12_345_678n);
    // Lamports: the relayer paid the fee and the new account's rent.
    const fee = tx!.meta!.fee;
    expect(fee).toBeGreaterThan(0n);
    expect(tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]!).toBeGreaterThan(fee);

    const statuses = await rpc.getSignatureStatuses([signature(delivery.signature), signature(UNKNOWN)]).send();
    expect(statuses.value[0]).toMatchObject({ slot: tx!.slot, err: null, confirmationStatus: 'finalized' });
    expect(statuses.value[1]).toBeNull();
    expect(
      await rpc.getTransaction(signature(UNKNOWN), { encoding: 'json', maxSupportedTransactionVersion: 0 }).send(),
    ).toBeNull();
    expect((await rpc.getBalance(solana.relayer.address).send()).value).toBe(solana.solBalance(solana.relayer.address));
  });

  it('gives each transaction its own slot, in order', async () => {
    const receiver = (await generateKeyPairSigner()).address;
    const first = await solana.deliver('0xslot1', receiver, USDC, 1n);
    const second = await solana.deliver('0xslot2', receiver, USDC, 1n);
    expect(solana.transaction(second.signature)!.slot).toBeGreaterThan(solana.transaction(first.signature)!.slot);
  });

  it('answers batches, refuses what a node refuses, and names unknown methods', async () => {
    const receiver = (await generateKeyPairSigner()).address;
    const delivery = await solana.deliver('0xbatch', receiver, USDC, 1n);
    const answers = (await post(server.url, [
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'getTransaction', params: [delivery.signature, { encoding: 'json' }] },
      { jsonrpc: '2.0', id: 3, method: 'getTransaction', params: [`0x${'ab'.repeat(32)}`] },
      { jsonrpc: '2.0', id: 4, method: 'getTransaction', params: [delivery.signature, { encoding: 'jsonParsed' }] },
      { jsonrpc: '2.0', id: 5, method: 'eth_blockNumber', params: [] },
    ])) as { id: number; result?: unknown; error?: { code: number; message: string } }[];
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    expect(answers[0]!.result).toBe('ok');
    // A version 0 transaction to a client that did not say it reads them: what a real node answers.
    expect(answers[1]!.error?.code).toBe(-32015);
    expect(answers[2]!.error?.code).toBe(-32602);
    expect(answers[3]!.error?.code).toBe(-32602);
    expect(answers[4]!.error).toEqual({ code: -32601, message: 'Method not found' });
    // base64: the whole signed transaction as it was sent, for a read-back of its message.
    const [wire] = (await post(server.url, {
      jsonrpc: '2.0',
      id: 6,
      method: 'getTransaction',
      params: [delivery.signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }],
    }).then((a) => (a as { result: { transaction: [string, string] } }).result.transaction)) as [string, string];
    expect(getSignatureFromTransaction(getTransactionDecoder().decode(getBase64Encoder().encode(wire)))).toBe(
      delivery.signature,
    );
    const garbled = await fetch(server.url, { method: 'POST', body: '{' });
    expect(((await garbled.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const preflight = await fetch(server.url, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('moves to a free port when the preferred one is taken', async () => {
    const other = await startSolanaRpc(solana, server.port);
    try {
      expect(other.port).not.toBe(server.port);
      expect(await post(other.url, { jsonrpc: '2.0', id: 7, method: 'getSlot' })).toMatchObject({ id: 7 });
    } finally {
      await other.close();
    }
  });
});
