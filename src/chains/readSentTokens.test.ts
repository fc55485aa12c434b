import { describe, expect, it } from 'vitest';
import { RpcReadError } from './chainReadError';
import { readSentTokens, TRANSFER_TOPIC } from './readSentTokens';
import type { TrustedClient } from './trustedClient';

const FROM = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const HASH = `0x${'11'.repeat(32)}` as const;
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
const amount = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const transfer = (from: string, value: bigint, token = USDC) => ({
  address: token,
  topics: [TRANSFER_TOPIC, topic(from), topic(OTHER)],
  data: amount(value),
});

/** A node answering eth_chainId 1, this receipt, and a block made at 1,700,000,000 s. */
function client(receipt: unknown): TrustedClient {
  const answers: Record<string, unknown> = {
    eth_chainId: '0x1',
    eth_getTransactionReceipt: receipt,
    eth_getBlockByNumber: { timestamp: '0x6553f100' },
  };
  return {
    transport: { url: 'http://rpc.example' },
    request: async ({ method }: { method: string }) => answers[method],
  } as unknown as TrustedClient;
}

describe('readSentTokens: what left an account in one transaction, from its receipt', () => {
  it('sums the token transfers out of the sender only, and says when the block was made', async () => {
    const receipt = {
      blockNumber: '0x10',
      logs: [
        transfer(FROM, 60n),
        transfer(FROM, 40n),
        // Into the sender, and another account's transfer: not what the sender sent.
        transfer(OTHER, 7n),
        { address: USDC, topics: ['0x1234', topic(FROM)], data: amount(9n) },
      ],
    };
    expect(await readSentTokens(client(receipt), { hash: HASH, from: FROM })).toEqual({
      rpcChainId: 1,
      sent: { [USDC.toLowerCase()]: 100n },
      minedAt: 1_700_000_000_000,
    });
  });

  it('knows nothing sent while the transaction is not mined', async () => {
    expect(await readSentTokens(client(null), { hash: HASH, from: FROM })).toEqual({ rpcChainId: 1, sent: {} });
  });

  it('refuses a receipt that is not one, rather than reading nothing sent', async () => {
    await expect(readSentTokens(client({ blockNumber: '0x10' }), { hash: HASH, from: FROM })).rejects.toThrow(
      RpcReadError,
    );
    const badLog = { blockNumber: '0x10', logs: [{ ...transfer(FROM, 1n), data: 'lots' }] };
    await expect(readSentTokens(client(badLog), { hash: HASH, from: FROM })).rejects.toThrow(RpcReadError);
  });
});
