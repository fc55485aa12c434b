import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalog } from '../../../server/catalog/catalog';
import { type AnvilNode, startAnvil } from '../../../server/devnet/anvil';
import { seedPlan } from '../../../server/devnet/seedPlan';
import { setupChain } from '../../../server/devnet/setup';
import { encodeApprove, encodeBalanceOf } from '../../contracts/erc20';
import { LIFI_DIAMOND_ADDRESS } from '../../contracts/lifiDiamond';
import { balanceChanges, readEffects } from './effects';
import { revertReason } from './revertReason';
import {
  SimulationRejectedError,
  SimulationRpcError,
  SimulationUnsupportedError,
  simulateCalls,
} from './simulateCalls';

/** eth_simulateV1 as a real anvil (the devnet's, from @foundry-rs/anvil) answers it, with the devnet's tokens. */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const OTHER = '0x000000000000000000000000000000000000dEaD' as const;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const ZERO = '0x0000000000000000000000000000000000000000' as const;
/** DevToken's transfer(address,uint256). */
const transfer = (to: `0x${string}`, amount: bigint): `0x${string}` =>
  `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;

let node: AnvilNode;
let held: bigint;

beforeAll(async () => {
  node = await startAnvil({ chainId: 1 });
  await setupChain(node.rpcUrl, seedPlan(getCatalog(), 1));
  const response = await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: USDC, data: encodeBalanceOf(ACCOUNT) }, 'latest'],
    }),
  });
  held = BigInt(((await response.json()) as { result: string }).result);
});
afterAll(() => node?.stop());

describe('simulateCalls against anvil', () => {
  it('runs calls in order in one block: an approval, a native transfer and a token transfer, with their logs', async () => {
    const result = await simulateCalls(node.rpcUrl, {
      account: ACCOUNT,
      balanceOf: USDC,
      calls: [
        { from: ACCOUNT, to: USDC, data: encodeApprove(LIFI_DIAMOND_ADDRESS, 1_000n) },
        { from: ACCOUNT, to: OTHER, value: 16n },
        { from: ACCOUNT, to: USDC, data: transfer(OTHER, 5_000_000n) },
      ],
    });
    expect(result.rpcChainId).toBe(1);
    expect(result.balance).toBe(held);
    expect(result.calls.map((c) => c.ok)).toEqual([true, true, true]);
    expect(result.calls[0]!.gasUsed).toBeGreaterThan(21_000n);

    const effects = readEffects(result.calls);
    expect(effects.approvals).toEqual([
      {
        call: 0,
        token: USDC.toLowerCase(),
        owner: ACCOUNT.toLowerCase(),
        spender: LIFI_DIAMOND_ADDRESS.toLowerCase(),
        amount: 1_000n,
      },
    ]);
    // traceTransfers: the native coin as a Transfer log from 0xeeee…eeee.
    expect(effects.moves).toEqual([
      { call: 1, log: 0, token: ZERO, from: ACCOUNT.toLowerCase(), to: OTHER.toLowerCase(), amount: 16n },
      {
        call: 2,
        log: 0,
        token: USDC.toLowerCase(),
        from: ACCOUNT.toLowerCase(),
        to: OTHER.toLowerCase(),
        amount: 5_000_000n,
      },
    ]);
    expect(balanceChanges(effects, ACCOUNT)).toEqual([
      { token: ZERO, amount: -16n },
      { token: USDC.toLowerCase(), amount: -5_000_000n },
    ]);
  });

  it('reports a reverted call with its revert data, which reads as words', async () => {
    const result = await simulateCalls(node.rpcUrl, {
      account: ACCOUNT,
      balanceOf: USDC,
      calls: [{ from: ACCOUNT, to: USDC, data: transfer(OTHER, held + 1n) }],
    });
    const [call] = result.calls;
    expect(call!.ok).toBe(false);
    expect(call!.logs).toEqual([]);
    // DevToken's InsufficientBalance(account, balance, needed).
    expect(call!.returnData.startsWith('0xdb42144d')).toBe(true);
    expect(revertReason(call!.returnData)).toBe('the balance does not cover the amount.');
    expect(result.balance).toBe(held);
  });

  it('is refused as a whole when a transaction fails validation (value beyond the balance), with the balance read', async () => {
    const error = await simulateCalls(node.rpcUrl, {
      account: ACCOUNT,
      balanceOf: ZERO,
      calls: [{ from: ACCOUNT, to: OTHER, value: 10n ** 30n }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimulationRejectedError);
    const rejected = error as SimulationRejectedError;
    expect(rejected.rpcCode).toBe(-32003);
    expect(rejected.rpcMessage).toMatch(/insufficient funds/i);
    expect(rejected.balance).toBeGreaterThan(0n);
  });
});

describe('simulateCalls against a node without eth_simulateV1', () => {
  let server: Server;
  let url: string;
  const bodies: unknown[] = [];

  beforeAll(async () => {
    // As geth before 1.14.9 answers: the chain ID, and "method not found" for eth_simulateV1.
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        const batch = JSON.parse(raw) as { id: number; method: string }[];
        bodies.push(batch);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            batch.map((call) =>
              call.method === 'eth_chainId'
                ? { jsonrpc: '2.0', id: call.id, result: '0x1' }
                : call.method === 'eth_simulateV1'
                  ? {
                      jsonrpc: '2.0',
                      id: call.id,
                      error: { code: -32601, message: 'the method eth_simulateV1 does not exist/is not available' },
                    }
                  : { jsonrpc: '2.0', id: call.id, result: `0x${'0'.repeat(63)}5` },
            ),
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('says the RPC cannot simulate, and asked with traceTransfers and validation on latest', async () => {
    const error = await simulateCalls(url, {
      account: ACCOUNT,
      balanceOf: USDC,
      calls: [{ from: ACCOUNT, to: USDC, data: encodeApprove(LIFI_DIAMOND_ADDRESS, 1n), gas: 60_000n }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimulationUnsupportedError);
    expect((error as SimulationUnsupportedError).shortMessage).toContain('cannot simulate');
    const [, simulate] = bodies.at(-1) as { method: string; params: unknown[] }[];
    expect(simulate).toMatchObject({
      method: 'eth_simulateV1',
      params: [
        {
          traceTransfers: true,
          validation: true,
          blockStateCalls: [{ calls: [{ from: ACCOUNT, to: USDC, gas: '0xea60' }] }],
        },
        'latest',
      ],
    });
  });

  it('says the RPC did not answer when nothing listens', async () => {
    const error = await simulateCalls('http://127.0.0.1:9', { account: ACCOUNT, calls: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimulationRpcError);
  });
});
