import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeFunctionData, padHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devTokenAbi } from '../../server/devnet/artifacts/DevToken';
import { rpc } from '../../server/devnet/rpc';
import { ANVIL_SENDER, startTestChain, type TestChain } from '../../testing/background/testChain';
import type { ArrivalParams } from './arrivalCheck';
import { confirmArrival, readDeliveredAmount } from './confirmArrival';
import { TRANSFER_TOPIC, tokenMoves } from './evmArrival';

/**
 * Against a real chain (anvil): honest arrivals are confirmed with the amount read there, and each way a routing
 * service could fake one (a made-up hash, a transaction that paid someone else, another token, less than the
 * minimum, a revert) is contradicted.
 */

const CHAIN = 42161;
const USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDT = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9';
const NATIVE = '0x0000000000000000000000000000000000000000';
/** anvil's third default account: unlocked, so the test can make it send in the block that pays it. */
const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
/** Forwards its call value to the address in its calldata's first word: a contract paying the native coin. */
const FORWARDER = '0x00000000000000000000000000000000000f0a4d';
const FORWARDER_CODE = '0x6000600060006000346000355af100';

let chain: TestChain;
const options = () => ({ rpcUrls: { [String(CHAIN)]: chain.rpcUrl } });
const randomAddress = () =>
  `0x${[...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('')}` as const;

async function mined(hash: unknown): Promise<`0x${string}`> {
  for (let i = 0; i < 200; i++) {
    if (await rpc(chain.rpcUrl, 'eth_getTransactionReceipt', [hash])) return hash as `0x${string}`;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${String(hash)} was not mined`);
}

const send = (tx: Record<string, string>) => rpc(chain.rpcUrl, 'eth_sendTransaction', [tx]);

beforeAll(async () => {
  chain = await startTestChain(CHAIN, [USDC, USDT]);
  await rpc(chain.rpcUrl, 'anvil_setCode', [FORWARDER, FORWARDER_CODE]);
});
afterAll(async () => {
  await chain?.stop();
});

describe('confirmArrival on an EVM chain', () => {
  it('confirms an ERC-20 arrival with the amount its Transfer logs moved to the recipient', async () => {
    const recipient = randomAddress();
    const txHash = await chain.send(USDC, recipient, 40_070_000n);
    const params: ArrivalParams = { chainId: CHAIN, txHash, recipient, token: USDC, minAmount: 40_000_000n };
    expect(await confirmArrival(params, options())).toEqual({
      kind: 'confirmed',
      amount: 40_070_000n,
      measure: 'transferLogs',
      rpcHost: new URL(chain.rpcUrl).host,
    });
    // What a next step may spend is what arrived, whatever the service says.
    expect(await readDeliveredAmount({ chainId: CHAIN, txHash, recipient, token: USDC }, options())).toMatchObject({
      kind: 'confirmed',
      amount: 40_070_000n,
    });
    // Less than the minimum shown.
    expect(await confirmArrival({ ...params, minAmount: 461_530_000n }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'belowMinimum',
      amount: 40_070_000n,
    });
  });

  it('contradicts a real transaction that paid someone else, or in another token', async () => {
    const someoneElse = randomAddress();
    const txHash = await chain.send(USDC, someoneElse, 50_000_000n);
    const mine = randomAddress();
    expect(
      await confirmArrival({ chainId: CHAIN, txHash, recipient: mine, token: USDC, minAmount: 1n }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'wrongRecipient' });

    const usdt = await chain.send(USDT, mine, 50_000_000n);
    expect(
      await confirmArrival({ chainId: CHAIN, txHash: usdt, recipient: mine, token: USDC, minAmount: 1n }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'wrongToken' });

    // A transaction that moved no token at all (an approval).
    const approval = await chain.approve(USDC, mine, 1n);
    expect(
      await confirmArrival(
        { chainId: CHAIN, txHash: approval, recipient: mine, token: USDC, minAmount: 1n },
        options(),
      ),
    ).toMatchObject({ kind: 'contradicted', reason: 'noTransfer' });
  });

  it('contradicts a made-up hash and a reverted transaction', async () => {
    const recipient = randomAddress();
    const madeUp = `0x${'ab'.repeat(32)}`;
    expect(
      await confirmArrival({ chainId: CHAIN, txHash: madeUp, recipient, token: USDC, minAmount: 1n }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'notFound' });
    expect(
      await confirmArrival({ chainId: CHAIN, txHash: 'not-a-hash', recipient, token: USDC, minAmount: 1n }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'notFound' });

    // SPENDER holds no USDC: its transfer is mined and reverts (a fixed gas limit skips the estimate that would refuse).
    const reverted = await mined(
      await send({
        from: SPENDER,
        to: USDC,
        gas: '0x30000',
        data: encodeFunctionData({ abi: devTokenAbi, functionName: 'transfer', args: [recipient, 1_000_000n] }),
      }),
    );
    const receipt = (await rpc(chain.rpcUrl, 'eth_getTransactionReceipt', [reverted])) as { status: string };
    expect(receipt.status).toBe('0x0');
    expect(
      await confirmArrival({ chainId: CHAIN, txHash: reverted, recipient, token: USDC, minAmount: 1n }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'reverted' });
  });

  it('reads the native coin from a plain transfer’s value, and from the recipient’s balance when a contract paid', async () => {
    const recipient = randomAddress();
    const plain = await chain.sendNative(recipient, 2n * 10n ** 18n);
    const params = { chainId: CHAIN, recipient, token: NATIVE, minAmount: 10n ** 18n };
    expect(await confirmArrival({ ...params, txHash: plain }, options())).toMatchObject({
      kind: 'confirmed',
      amount: 2n * 10n ** 18n,
      measure: 'transactionValue',
    });
    expect(await confirmArrival({ ...params, txHash: plain, recipient: randomAddress() }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'wrongRecipient',
    });

    const viaContract = await mined(
      await send({ from: ANVIL_SENDER, to: FORWARDER, value: '0xde0b6b3a7640000', data: padHex(recipient) }),
    );
    expect(await confirmArrival({ ...params, txHash: viaContract }, options())).toMatchObject({
      kind: 'confirmed',
      amount: 10n ** 18n,
      measure: 'balanceChange',
    });
    expect(
      await confirmArrival({ ...params, txHash: viaContract, minAmount: 3n * 10n ** 18n }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'belowMinimum', amount: 10n ** 18n });
    // The contract paid someone else: nothing reached this recipient in that block.
    expect(
      await confirmArrival({ ...params, txHash: viaContract, recipient: randomAddress() }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'noTransfer' });
  });

  it('waits for a transaction not yet mined, and will not guess when the recipient also spent in that block', async () => {
    await rpc(chain.rpcUrl, 'evm_setAutomine', [false]);
    try {
      const paid = (await send({
        from: ANVIL_SENDER,
        to: FORWARDER,
        value: '0xde0b6b3a7640000',
        data: padHex(SPENDER),
      })) as `0x${string}`;
      await send({ from: SPENDER, to: randomAddress(), value: '0x1' });
      const params = { chainId: CHAIN, txHash: paid, recipient: SPENDER, token: NATIVE, minAmount: 1n };
      expect(await confirmArrival(params, options())).toMatchObject({ kind: 'pending' });
      await rpc(chain.rpcUrl, 'evm_mine', []);
      expect(await confirmArrival(params, options())).toMatchObject({ kind: 'unreadable', reason: 'notExact' });
    } finally {
      await rpc(chain.rpcUrl, 'evm_setAutomine', [true]);
    }
  });

  it('says when it cannot read: no trusted RPC, an RPC of another chain, an RPC that does not answer', async () => {
    const recipient = randomAddress();
    const txHash = await chain.send(USDC, recipient, 1n);
    const params = { txHash, recipient, token: USDC, minAmount: 1n };
    expect(await confirmArrival({ ...params, chainId: 999_999 }, { rpcUrls: {} })).toEqual({
      kind: 'unreadable',
      reason: 'noTrustedRpc',
    });
    expect(await confirmArrival({ ...params, chainId: 10 }, { rpcUrls: { '10': chain.rpcUrl } })).toMatchObject({
      kind: 'unreadable',
      reason: 'wrongChain',
    });
    expect(
      await confirmArrival({ ...params, chainId: CHAIN }, { rpcUrls: { [String(CHAIN)]: 'http://127.0.0.1:9' } }),
    ).toMatchObject({ kind: 'unreadable', reason: 'rpcFailed', rpcHost: '127.0.0.1:9' });
  });
});

describe('requests to the trusted RPC', () => {
  /** A loopback proxy in front of the chain that counts HTTP requests. */
  async function countingProxy() {
    let count = 0;
    const server = createServer(async (req, res) => {
      count++;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      count: () => count,
      reset: () => {
        count = 0;
      },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('reads an ERC-20 arrival or a plain coin transfer in one request, a coin a contract paid in two', async () => {
    const proxy = await countingProxy();
    try {
      const rpcUrls = { [String(CHAIN)]: proxy.url };
      const recipient = randomAddress();
      const token = await chain.send(USDC, recipient, 5n);
      const coin = await chain.sendNative(recipient, 5n);
      const viaContract = await mined(
        await send({ from: ANVIL_SENDER, to: FORWARDER, value: '0x5', data: padHex(recipient) }),
      );
      const base = { chainId: CHAIN, recipient, minAmount: 5n };
      expect(await confirmArrival({ ...base, txHash: token, token: USDC }, { rpcUrls })).toMatchObject({
        kind: 'confirmed',
      });
      expect(proxy.count()).toBe(1);
      proxy.reset();
      expect(await confirmArrival({ ...base, txHash: coin, token: NATIVE }, { rpcUrls })).toMatchObject({
        kind: 'confirmed',
      });
      expect(proxy.count()).toBe(1);
      proxy.reset();
      expect(await confirmArrival({ ...base, txHash: viaContract, token: NATIVE }, { rpcUrls })).toMatchObject({
        kind: 'confirmed',
      });
      expect(proxy.count()).toBe(2);
    } finally {
      await proxy.close();
    }
  });
});

describe('tokenMoves', () => {
  const token = USDC.toLowerCase();
  const topic = (address: string) => padHex(address.toLowerCase() as `0x${string}`);
  const transfer = (from: string, to: string, amount: bigint, address = token) => ({
    address: address as `0x${string}`,
    topics: [TRANSFER_TOPIC, topic(from), topic(to)] as [`0x${string}`, ...`0x${string}`[]],
    data: padHex(`0x${amount.toString(16)}`),
  });

  it('counts what the recipient kept: paid and taken back in the same transaction is nothing', () => {
    const me = randomAddress();
    const other = randomAddress();
    expect(tokenMoves([transfer(other, me, 100n), transfer(me, other, 100n)], token, me)).toEqual({
      toRecipient: 0n,
      toOthers: true,
    });
    expect(tokenMoves([transfer(other, me, 100n), transfer(other, me, 5n)], token, me).toRecipient).toBe(105n);
  });

  it('ignores other contracts’ Transfer events and ERC-721 transfers', () => {
    const me = randomAddress();
    const fake = transfer(ANVIL_SENDER, me, 10n ** 30n, USDT);
    const nft = { ...transfer(ANVIL_SENDER, me, 0n), topics: [...transfer(ANVIL_SENDER, me, 0n).topics, topic(me)] };
    expect(tokenMoves([fake, nft as never], token, me)).toEqual({ toRecipient: 0n, toOthers: false });
  });
});
