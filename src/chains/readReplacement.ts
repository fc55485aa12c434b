import { i18n } from '#i18n';
import { inWords, RpcReadError } from './chainReadError';
import { readQuantity } from './readChainId';
import { type ChainTransaction, readTransaction } from './readSentTransaction';
import type { TrustedClient } from './trustedClient';

export type ReadReplacementParameters = {
  /** The account that sent the transaction, and the nonce it was sent at. */
  from: `0x${string}`;
  nonce: number;
  /**
   * The last block known to hold no transaction of the account at `nonce` (an earlier read found it unused there):
   * the search starts after it. Unknown, it starts MAX_SCAN_BLOCKS before the latest block.
   */
  checkedBlock?: bigint;
};

export type ReadReplacementReturnType =
  /** The account's nonce at `block` has not passed `nonce`: nothing was mined at it yet. */
  | { kind: 'unused'; block: bigint }
  /** The transaction the chain mined at `nonce` from the account (the sent one, or another in its place). */
  | { kind: 'mined'; transaction: ChainTransaction & { nonce: number } }
  /**
   * The nonce is used, but none of the blocks read up to `block` holds it (the bound of one read): the next read
   * goes on after `block`.
   */
  | { kind: 'notFound'; block: bigint };

/**
 * Blocks read in full by one call, at most. The search starts at the last block where an earlier read (every few
 * seconds while the sent transaction is pending) saw the nonce unused, so it is a handful of blocks; a read that
 * reaches this bound says how far it got, and the next one goes on from there. One block per request, in order: a
 * full block of a busy chain is hundreds of KB, within the trusted client's cap on one answer, where a batch of
 * several would not be.
 */
export const MAX_SCAN_BLOCKS = 64;

const hex = (n: bigint) => `0x${n.toString(16)}` as const;

/**
 * The transaction an account's nonce was used by, read through the trusted RPC: when a wallet speeds up or cancels a
 * pending transaction it sends another at the same nonce, and the first hash is never mined. The account's
 * transaction count at the latest block says whether the nonce is used; then blocks are read in full, forward from
 * the last one known not to hold it, for the transaction from the account at that nonce.
 */
export async function readReplacement(
  client: TrustedClient,
  { from, nonce, checkedBlock }: ReadReplacementParameters,
): Promise<ReadReplacementReturnType> {
  const latest = readQuantity(
    await client.request({ method: 'eth_blockNumber' }).catch(inWords(client, 'eth_blockNumber')),
    'eth_blockNumber',
  );
  const count = readQuantity(
    await client
      .request({ method: 'eth_getTransactionCount', params: [from, hex(latest)] })
      .catch(inWords(client, 'eth_getTransactionCount')),
    'eth_getTransactionCount',
  );
  if (count <= BigInt(nonce)) return { kind: 'unused', block: latest };

  const first = checkedBlock === undefined ? latest - BigInt(MAX_SCAN_BLOCKS) + 1n : checkedBlock + 1n;
  const start = first < 0n ? 0n : first;
  const end = start + BigInt(MAX_SCAN_BLOCKS) - 1n < latest ? start + BigInt(MAX_SCAN_BLOCKS) - 1n : latest;
  const sender = from.toLowerCase();
  for (let number = start; number <= end; number++) {
    const block = await client
      .request({ method: 'eth_getBlockByNumber', params: [hex(number), true] })
      .catch(inWords(client, 'eth_getBlockByNumber'));
    const transactions: unknown = isObject(block) ? block.transactions : undefined;
    if (!Array.isArray(transactions)) throw new RpcReadError(i18n.t('rpc.unreadable', ['block']));
    for (const raw of transactions) {
      // A block read without full transactions answers hashes: unreadable, never taken as "not in this block".
      const tx = readTransaction(raw);
      if (tx.from.toLowerCase() === sender && tx.nonce === nonce)
        return { kind: 'mined', transaction: { ...tx, nonce } };
    }
  }
  return { kind: 'notFound', block: end };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
