import { i18n } from '#i18n';
import { inWords, nodeRefusal, RpcReadError } from './chainReadError';
import { readChainId, readQuantity } from './readChainId';
import type { TrustedClient } from './trustedClient';

/** The members of a transaction the extension compares with the one it approved. Hex as the node sent it. */
export type ChainTransaction = {
  hash: `0x${string}`;
  from: `0x${string}`;
  /** null for a contract creation. */
  to: `0x${string}` | null;
  input: `0x${string}`;
  value: bigint;
  /** Absent on pre-EIP-155 legacy transactions. */
  chainId?: number;
  /** null while pending (in the node's mempool). */
  blockNumber: bigint | null;
  /**
   * The sender's nonce: a wallet that speeds up or cancels a pending transaction sends another at the same one
   * (src/chains/readReplacement.ts). Absent only when a node leaves it out.
   */
  nonce?: number;
};

export type ReadSentTransactionParameters = { hash: `0x${string}` };

export type ReadSentTransactionReturnType = {
  /** The chain the RPC serves (eth_chainId). */
  rpcChainId: number;
  /** null when the node knows no transaction with this hash (not yet seen, dropped, or never sent). */
  transaction: ChainTransaction | null;
  /**
   * The transaction's receipt, read in the same request: null while it is not mined. A reverted one carries the
   * revert data its replay on the block before answered (for the details, never the card), when the node gave it.
   */
  receipt?: (({ reverted: false } | { reverted: true; revertData?: `0x${string}` }) & { gasPaid?: bigint }) | null;
};

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * A sent transaction, its receipt and the chain's ID in one batch. The node's answer is checked member by member
 * (viem formats, it does not validate): an answer that is not a transaction is unreadable, never guessed at.
 */
export async function readSentTransaction(
  client: TrustedClient,
  { hash }: ReadSentTransactionParameters,
): Promise<ReadSentTransactionReturnType> {
  const [rpcChainId, tx, receipt] = await Promise.all([
    readChainId(client),
    client
      .request({ method: 'eth_getTransactionByHash', params: [hash] })
      .catch(inWords(client, 'eth_getTransactionByHash')),
    client
      .request({ method: 'eth_getTransactionReceipt', params: [hash] })
      .catch(inWords(client, 'eth_getTransactionReceipt')),
  ]);
  if (tx === null) return { rpcChainId, transaction: null };
  const transaction = readTransaction(tx);
  if (receipt === null || receipt === undefined) return { rpcChainId, transaction, receipt: null };
  const status: unknown = isObject(receipt) ? receipt.status : undefined;
  if (status !== '0x1' && status !== '0x0') throw unreadable('receipt');
  const gasPaid = gasPaidOf(receipt as Record<string, unknown>);
  const paid = gasPaid === undefined ? {} : { gasPaid };
  if (status === '0x1') return { rpcChainId, transaction, receipt: { reverted: false, ...paid } };
  return {
    rpcChainId,
    transaction,
    receipt: { reverted: true, revertData: await replay(client, transaction), ...paid },
  };
}

/**
 * What a mined transaction cost, reverted or not: gasUsed × effectiveGasPrice, plus the L1 data fee an OP-stack
 * chain's receipt adds (`l1Fee`). Undefined when the receipt does not say (an older node without effectiveGasPrice):
 * the cost is then left unknown rather than guessed from the transaction's price caps.
 */
export function gasPaidOf(receipt: Record<string, unknown>): bigint | undefined {
  const quantity = (x: unknown) => (typeof x === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(x) ? BigInt(x) : undefined);
  const used = quantity(receipt.gasUsed);
  const price = quantity(receipt.effectiveGasPrice);
  if (used === undefined || price === undefined) return undefined;
  return used * price + (quantity(receipt.l1Fee) ?? 0n);
}

/**
 * The revert data of a mined transaction that reverted: the same call replayed on the state of the block before
 * (a receipt carries no data). Undefined when the node gives none, or the replay does not revert there.
 */
async function replay(client: TrustedClient, tx: ChainTransaction): Promise<`0x${string}` | undefined> {
  if (tx.to === null || tx.blockNumber === null) return undefined;
  const call = { from: tx.from, to: tx.to, data: tx.input, value: `0x${tx.value.toString(16)}` as const };
  const block = `0x${(tx.blockNumber > 0n ? tx.blockNumber - 1n : 0n).toString(16)}` as const;
  const data = await client.request({ method: 'eth_call', params: [call, block] }).then(
    () => undefined,
    (err: unknown) => nodeRefusal(err)?.data,
  );
  return typeof data === 'string' && HEX.test(data) && data.length > 2 ? (data as `0x${string}`) : undefined;
}

/** A node's transaction object checked member by member (also a full block's transactions, readReplacement.ts). */
export function readTransaction(tx: unknown): ChainTransaction {
  if (!isObject(tx)) throw new RpcReadError(i18n.t('rpc.unreadableTx'));
  const { hash, from, to, input, value, chainId, blockNumber, nonce } = tx;
  if (typeof hash !== 'string' || !HASH.test(hash)) throw unreadable('hash');
  if (typeof from !== 'string' || !ADDRESS.test(from)) throw unreadable('from');
  if (to !== null && to !== undefined && (typeof to !== 'string' || !ADDRESS.test(to))) throw unreadable('to');
  if (typeof input !== 'string' || !HEX.test(input) || input.length % 2 !== 0) throw unreadable('input');
  return {
    hash: hash as `0x${string}`,
    from: from as `0x${string}`,
    to: (to ?? null) as `0x${string}` | null,
    input: input as `0x${string}`,
    value: readQuantity(value, 'value'),
    chainId: chainId === undefined || chainId === null ? undefined : Number(readQuantity(chainId, 'chainId')),
    blockNumber: blockNumber === null || blockNumber === undefined ? null : readQuantity(blockNumber, 'blockNumber'),
    ...(nonce === undefined || nonce === null ? {} : { nonce: Number(readQuantity(nonce, 'nonce')) }),
  };
}

const unreadable = (what: string) => new RpcReadError(i18n.t('rpc.unreadable', [what]));

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
