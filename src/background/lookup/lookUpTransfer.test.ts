import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { statusBody, txHash, USDC_ETH } from '../../../testing/background/fixtures';
import type { ReadSentTransactionReturnType } from '../../chains/readSentTransaction';
import type { SentTransfer, TransferInput } from '../../model/transfer';
import { StatusResponseSchema } from '../../schemas/status';
import { newSentTransfer } from '../transfers/transferStatus';
import { type LookUpTransferDeps, lookUpTransfer } from './lookUpTransfer';

const SENDER = '0x2222222222222222222222222222222222222222';
const HASH = txHash(1);
const mined: ReadSentTransactionReturnType = {
  rpcChainId: 1,
  transaction: { hash: HASH, from: SENDER, to: SENDER, input: '0x', value: 0n, chainId: 1, blockNumber: 5n },
  receipt: { reverted: false },
};
const unknownTo = (chainId: number): ReadSentTransactionReturnType => ({ rpcChainId: chainId, transaction: null });
const transferLog = {
  address: USDC_ETH.address,
  topics: [
    '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    `0x${SENDER.slice(2).padStart(64, '0')}`,
    `0x${'3'.repeat(64)}`,
  ],
  data: `0x${(100_000_000).toString(16).padStart(64, '0')}`,
};

/** A background with chains 1 and 10 (trusted RPCs), a service answering `status`, and an empty store. */
function deps(over: {
  onChain?: Record<number, ReadSentTransactionReturnType>;
  status?: object;
  byId?: object;
  rpcs?: number[];
}) {
  const recorded: TransferInput[] = [];
  const stored: SentTransfer[] = [];
  const rpcs = over.rpcs ?? [1, 10];
  const client = {
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_chainId') return '0x1';
      if (method === 'eth_getTransactionReceipt') return { blockNumber: '0x5', logs: [transferLog] };
      if (method === 'eth_getBlockByNumber') return { timestamp: '0x64' };
      throw new Error(method);
    }),
  };
  const d: LookUpTransferDeps = {
    reads: {
      rpcUrl: async (chainId) => (rpcs.includes(chainId) ? `http://rpc/${chainId}` : undefined),
      rpc: {
        readSentTransaction: vi.fn(async (url: string) => {
          const chainId = Number(url.split('/').at(-1));
          return over.onChain?.[chainId] ?? unknownTo(chainId);
        }),
        client: () => client,
      } as unknown as LookUpTransferDeps['reads']['rpc'],
    },
    store: {
      getSend: async (hash: string) => stored.find((s) => s.txHash === hash),
      sends: async () => stored,
    } as unknown as LookUpTransferDeps['store'],
    getStatus: vi.fn(async (params) =>
      v.parse(StatusResponseSchema, 'transactionId' in params ? (over.byId ?? { status: 'NOT_FOUND' }) : over.status),
    ),
    chainIds: async () => [1, 10, 56],
    toolName: async () => 'Across',
    record: async (input) => {
      recorded.push(input);
      const send = newSentTransfer(input, 0);
      stored.push(send);
      return send;
    },
    check: vi.fn(async () => undefined),
    now: () => 1_000,
  };
  return { d, recorded };
}

describe('lookUpTransfer: a transfer made elsewhere, read on chain, asked of the service, followed', () => {
  it('finds the hash on the chain that knows it, records it marked as looked up and checks it at once', async () => {
    const { d, recorded } = deps({ onChain: { 1: mined }, status: { ...statusBody('PENDING'), fromAddress: SENDER } });
    expect(await lookUpTransfer(d, HASH)).toEqual({ kind: 'found', txHash: HASH, already: false });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      fromAmount: '100000000',
      fromAddress: SENDER,
      lookedUp: { at: 1_000, minedAt: 100_000 },
    });
    expect(d.check).toHaveBeenCalledWith(HASH);
    // Looked up again: already there, nothing recorded twice.
    expect(await lookUpTransfer(d, HASH)).toEqual({ kind: 'found', txHash: HASH, already: true });
    expect(recorded).toHaveLength(1);
  });

  it('says a hash no chain read knows and the service knows not, naming the chains read', async () => {
    const { d, recorded } = deps({});
    expect(await lookUpTransfer(d, HASH)).toEqual({ kind: 'unknown', chainIds: [1, 10] });
    expect(recorded).toEqual([]);
  });

  it('finds LI.FI’s transactionId through the service, then reads the hash it names on chain', async () => {
    const id = txHash(0x1d);
    const status = statusBody('PENDING');
    const { d, recorded } = deps({ onChain: { 1: mined }, status, byId: status });
    // The chains know no transaction by the ID itself.
    (d.reads.rpc.readSentTransaction as ReturnType<typeof vi.fn>).mockImplementation(
      async (url: string, hash: string) => (hash === HASH ? mined : unknownTo(Number(url.split('/').at(-1)))),
    );
    expect(await lookUpTransfer(d, id)).toEqual({ kind: 'found', txHash: HASH, already: false });
    expect(recorded[0]?.txHash).toBe(HASH);
  });

  it('records nothing the service does not know, or that the chain shows unmined, reverted or otherwise', async () => {
    const unknown = deps({ onChain: { 1: mined }, status: { status: 'NOT_FOUND' } });
    expect(await lookUpTransfer(unknown.d, HASH)).toEqual({ kind: 'unknownToService', chainId: 1 });
    const pending = deps({ onChain: { 1: { ...mined, receipt: null } }, status: statusBody('PENDING') });
    expect(await lookUpTransfer(pending.d, HASH)).toEqual({ kind: 'notMined', chainId: 1 });
    const reverted = deps({ onChain: { 1: { ...mined, receipt: { reverted: true } } }, status: statusBody('PENDING') });
    expect(await lookUpTransfer(reverted.d, HASH)).toEqual({ kind: 'reverted', chainId: 1 });
    const other = deps({ onChain: { 1: mined }, status: { ...statusBody('PENDING'), fromAddress: USDC_ETH.address } });
    expect(await lookUpTransfer(other.d, HASH)).toEqual({ kind: 'notThisTransfer', chainId: 1, field: 'sender' });
    for (const { recorded } of [unknown, pending, reverted, other]) expect(recorded).toEqual([]);
  });

  it('says when the chain picked has no trusted RPC', async () => {
    const { d } = deps({ rpcs: [1] });
    expect(await lookUpTransfer(d, HASH, 56)).toEqual({ kind: 'noRpc' });
  });
});
