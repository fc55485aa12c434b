import { type Log, TransactionNotFoundError, TransactionReceiptNotFoundError, BaseError as ViemBaseError } from 'viem';
import { getBalance, getChainId, getTransaction, getTransactionCount, getTransactionReceipt } from 'viem/actions';
import { chainReadError, hostOf } from '../chains/chainReadError';
import { type TrustedClient, trustedClient } from '../chains/trustedClient';
import type { ArrivalCheck, ArrivalParams } from './arrivalCheck';
import { judgeAmount } from './arrivalCheck';

/**
 * An arrival on an EVM chain, read through its trusted RPC with the trusted client (one batched request, a second for a native
 * coin moved by a contract). The transaction must exist, be mined, have succeeded, and have moved the promised
 * token to the recipient:
 * - an ERC-20: the token contract's own Transfer logs in that receipt, what the recipient received less what it
 *   sent (a transaction that pays and takes back counts nothing);
 * - the native coin sent plainly (no calldata): the transaction's value, when it went to the recipient;
 * - the native coin moved by a contract (a bridge's fill): the recipient's balance at the transaction's block less
 *   the block before, counted only when the recipient's nonce did not move in that block (it sent nothing, so no
 *   gas or value of its own blurs the difference). Another transaction of the same block that pays the recipient
 *   would be counted too: logs and balances cannot tell them apart without a trace, which public RPCs do not serve.
 */

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const NATIVE = new Set(['0x0000000000000000000000000000000000000000', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee']);
const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const WORD = /^0x[0-9a-fA-F]{64}$/;

export async function readEvmArrival(
  rpcUrl: string,
  params: ArrivalParams,
  options: { timeoutMs?: number } = {},
): Promise<ArrivalCheck> {
  const rpcHost = hostOf(rpcUrl);
  const recipient = params.recipient.toLowerCase();
  const token = params.token.toLowerCase();
  if (!ADDRESS.test(recipient) || !ADDRESS.test(token)) {
    throw new TypeError('an EVM arrival needs a 0x recipient and token');
  }
  // A "hash" that is not one cannot name a transaction on this chain.
  if (!HASH.test(params.txHash)) return { kind: 'contradicted', reason: 'notFound', rpcHost };
  const hash = params.txHash as `0x${string}`;
  // The one trusted client with the five actions it uses (viem's public client would bring every action into the
  // background), and viem's two retries this read has always had.
  const client = trustedClient(rpcUrl, {
    timeoutMs: options.timeoutMs ?? 8_000,
    retryCount: 2,
    // viem's default cap, as this read has always had: a receipt of a busy transaction carries many logs.
    maxResponseBytes: 10_485_760,
  });

  try {
    const [chainId, transaction, receipt] = await Promise.all([
      getChainId(client),
      getTransaction(client, { hash }).catch(nullWhen(TransactionNotFoundError)),
      getTransactionReceipt(client, { hash }).catch(nullWhen(TransactionReceiptNotFoundError)),
    ]);
    if (chainId !== params.chainId) {
      return { kind: 'unreadable', reason: 'wrongChain', rpcHost, detail: `the RPC serves chain ${chainId}` };
    }
    if (transaction === null && receipt === null) return { kind: 'contradicted', reason: 'notFound', rpcHost };
    if (transaction === null || receipt === null) return { kind: 'pending', rpcHost };
    if (receipt.status !== 'success') return { kind: 'contradicted', reason: 'reverted', rpcHost };

    const sentTo = transaction.to?.toLowerCase();
    const plainTransfer = transaction.input === '0x';
    if (!NATIVE.has(token)) {
      const moved = tokenMoves(receipt.logs, token, recipient);
      const judged = judgeAmount(moved.toRecipient, params.minAmount, 'transferLogs', rpcHost);
      if (judged) return judged;
      if (moved.toOthers) return { kind: 'contradicted', reason: 'wrongRecipient', amount: 0n, rpcHost };
      const otherToken = receipt.logs.some(
        (log) => isTransfer(log) && log.address.toLowerCase() !== token && topicAddress(log.topics[2]) === recipient,
      );
      const coin = sentTo === recipient && transaction.value > 0n;
      if (otherToken || coin) return { kind: 'contradicted', reason: 'wrongToken', amount: 0n, rpcHost };
      return { kind: 'contradicted', reason: 'noTransfer', amount: 0n, rpcHost };
    }

    if (plainTransfer) {
      if (sentTo !== recipient) {
        const reason = transaction.value > 0n ? 'wrongRecipient' : 'noTransfer';
        return { kind: 'contradicted', reason, amount: 0n, rpcHost };
      }
      return (
        judgeAmount(transaction.value, params.minAmount, 'transactionValue', rpcHost) ?? {
          kind: 'contradicted',
          reason: 'noTransfer',
          amount: 0n,
          rpcHost,
        }
      );
    }
    return await readNativeByBalance(client, receipt.blockNumber, params, rpcHost, receipt.logs);
  } catch (err) {
    return { kind: 'unreadable', reason: 'rpcFailed', rpcHost, detail: describe(err, rpcUrl) };
  }
}

/** The native coin a contract moved: the recipient's balance across the transaction's block. */
async function readNativeByBalance(
  client: TrustedClient,
  block: bigint,
  params: ArrivalParams,
  rpcHost: string,
  logs: readonly Log[],
): Promise<ArrivalCheck> {
  if (block === 0n) return { kind: 'unreadable', reason: 'notExact', rpcHost };
  const address = params.recipient as `0x${string}`;
  const [after, before, nonceAfter, nonceBefore] = await Promise.all([
    getBalance(client, { address, blockNumber: block }),
    getBalance(client, { address, blockNumber: block - 1n }),
    getTransactionCount(client, { address, blockNumber: block }),
    getTransactionCount(client, { address, blockNumber: block - 1n }),
  ]);
  if (nonceAfter !== nonceBefore) return { kind: 'unreadable', reason: 'notExact', rpcHost };
  const judged = judgeAmount(after - before, params.minAmount, 'balanceChange', rpcHost);
  if (judged) return judged;
  const recipient = params.recipient.toLowerCase();
  const gotToken = logs.some((log) => isTransfer(log) && topicAddress(log.topics[2]) === recipient);
  return { kind: 'contradicted', reason: gotToken ? 'wrongToken' : 'noTransfer', amount: 0n, rpcHost };
}

/**
 * What the token's Transfer logs moved: to the recipient, net of what the recipient sent on in the same
 * transaction, and whether any of it went to someone else. Logs of other contracts never count: a contract can
 * emit a Transfer event that moves nothing.
 */
export function tokenMoves(
  logs: readonly Pick<Log, 'address' | 'topics' | 'data'>[],
  token: string,
  recipient: string,
): { toRecipient: bigint; toOthers: boolean } {
  let net = 0n;
  let toOthers = false;
  for (const log of logs) {
    if (log.address.toLowerCase() !== token.toLowerCase() || !isTransfer(log)) continue;
    const from = topicAddress(log.topics[1]);
    const to = topicAddress(log.topics[2]);
    const amount = BigInt(log.data);
    if (to === recipient.toLowerCase()) net += amount;
    else if (amount > 0n) toOthers = true;
    if (from === recipient.toLowerCase()) net -= amount;
  }
  return { toRecipient: net, toOthers };
}

/** An ERC-20 Transfer: three topics (ERC-721's has a fourth, the token ID) and one word of data, the amount. */
function isTransfer(log: Pick<Log, 'topics' | 'data'>): boolean {
  return (
    log.topics.length === 3 &&
    log.topics[0]?.toLowerCase() === TRANSFER_TOPIC &&
    typeof log.data === 'string' &&
    WORD.test(log.data)
  );
}

function topicAddress(topic: string | undefined): string | undefined {
  return topic && WORD.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : undefined;
}

function nullWhen(kind: abstract new (...args: never[]) => Error) {
  return (err: unknown): null => {
    if (err instanceof kind) return null;
    throw err;
  };
}

/** The failure in words, naming the RPC's host only (viem's words name the whole URL, which may carry a key). */
function describe(err: unknown, rpcUrl: string): string {
  if (err instanceof ViemBaseError) return chainReadError(err, rpcUrl).shortMessage;
  return err instanceof Error ? err.message : String(err);
}
