import { i18n } from '#i18n';
import { inWords, RpcReadError } from './chainReadError';
import { readChainId, readQuantity } from './readChainId';
import type { TrustedClient } from './trustedClient';

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 event every token transfer logs. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export type ReadSentTokensParameters = {
  hash: `0x${string}`;
  /** The account whose outgoing transfers are summed (the transaction's sender, as the chain names it). */
  from: `0x${string}`;
};

export type ReadSentTokensReturnType = {
  /** The chain the RPC serves (eth_chainId). */
  rpcChainId: number;
  /** Base units each ERC-20 contract logged leaving `from` in this transaction, by lower-cased token address. */
  sent: Record<string, bigint>;
  /** When the transaction's block was made (ms since epoch); undefined while it is not mined. */
  minedAt?: number;
};

const ADDRESS_TOPIC = /^0x0{24}([0-9a-fA-F]{40})$/;

/**
 * What left an account in one mined transaction, as its receipt's ERC-20 Transfer logs say, and when its block was
 * made. A transfer the extension did not send is described by the routing service; this is the chain's word on the
 * amount sent (the native coin is the transaction's own value, read with the transaction).
 */
export async function readSentTokens(
  client: TrustedClient,
  { hash, from }: ReadSentTokensParameters,
): Promise<ReadSentTokensReturnType> {
  const [rpcChainId, receipt] = await Promise.all([
    readChainId(client),
    client
      .request({ method: 'eth_getTransactionReceipt', params: [hash] })
      .catch(inWords(client, 'eth_getTransactionReceipt')),
  ]);
  if (receipt === null || receipt === undefined) return { rpcChainId, sent: {} };
  if (!isObject(receipt) || !Array.isArray(receipt.logs)) throw unreadable('logs');
  const sent: Record<string, bigint> = {};
  const sender = from.toLowerCase();
  for (const log of receipt.logs as unknown[]) {
    if (!isObject(log) || !Array.isArray(log.topics) || typeof log.address !== 'string') throw unreadable('logs');
    const [topic, fromTopic] = log.topics as unknown[];
    if (typeof topic !== 'string' || topic.toLowerCase() !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
    const source = typeof fromTopic === 'string' ? ADDRESS_TOPIC.exec(fromTopic)?.[1] : undefined;
    if (source === undefined || `0x${source.toLowerCase()}` !== sender) continue;
    const token = log.address.toLowerCase();
    sent[token] = (sent[token] ?? 0n) + readQuantity(log.data === '0x' ? '0x0' : log.data, 'log data');
  }
  const block = readQuantity(receipt.blockNumber, 'blockNumber');
  const header = await client
    .request({ method: 'eth_getBlockByNumber', params: [`0x${block.toString(16)}`, false] })
    .catch(inWords(client, 'eth_getBlockByNumber'));
  if (!isObject(header)) throw unreadable('block');
  return { rpcChainId, sent, minedAt: Number(readQuantity(header.timestamp, 'timestamp')) * 1000 };
}

const unreadable = (what: string) => new RpcReadError(i18n.t('rpc.unreadable', [what]));

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
