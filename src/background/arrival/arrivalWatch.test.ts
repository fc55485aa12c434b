import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { transferInput, txHash, USDC_ARB } from '../../../testing/background/fixtures';
import { startTestChain, type TestChain } from '../../../testing/background/testChain';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import type { SentTransfer } from '../../model/transfer';
import { NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import { newSentTransfer } from '../transfers/transferStatus';
import { arrivalWatchItem, createArrivalWatch, UNWATCHED_AFTER_ERRORS } from './arrivalWatch';

/** The watch against a real chain (anvil): real ERC-20 transfers, real logs, real balances. */
const OTHER_TOKEN = '0x00000000000000000000000000000000000a11ce' as const;
const RECIPIENT = '0x2222222222222222222222222222222222222222' as const;
const STRANGER = '0x3333333333333333333333333333333333333333' as const;
const TOKEN = USDC_ARB.address as `0x${string}`;

let chain: TestChain;
let clock = 1_000_000;
const now = () => clock;

beforeAll(async () => {
  chain = await startTestChain(42161, [TOKEN, OTHER_TOKEN]);
}, 30_000);
afterAll(async () => {
  await chain?.stop();
});
beforeEach(() => {
  fakeBrowser.reset();
});

const record = (n: number, overrides: Partial<SentTransfer> = {}): SentTransfer => ({
  ...newSentTransfer(transferInput({ txHash: txHash(n), toAddress: RECIPIENT }), clock),
  ...overrides,
});

function watchOn(url: string | null = chain.rpcUrl, fetchFn?: typeof fetch, windowBlocks?: bigint) {
  let reads = 0;
  const counting: typeof fetch = (input, init) => {
    reads++;
    return (fetchFn ?? fetch)(input, init);
  };
  const watch = createArrivalWatch({ rpcUrl: async () => url ?? undefined, now, fetch: counting, windowBlocks });
  return { watch, reads: () => reads };
}

/** Moves the clock to the next read and runs it. */
async function tick(watch: ReturnType<typeof createArrivalWatch>, active: SentTransfer[]) {
  const at = await watch.nextAt(active);
  if (at !== undefined && at > clock) clock = at;
  return watch.runDue(active);
}

describe('arrival watch (anvil)', () => {
  it('sees a real ERC-20 transfer of the expected token to the recipient, and says when', async () => {
    const { watch } = watchOn();
    const transfer = record(1);
    expect(await tick(watch, [transfer])).toEqual(new Set());
    const paid = await chain.send(TOKEN, RECIPIENT, 99_500_000n);
    const arrived = await tick(watch, [transfer]);
    expect(arrived).toEqual(new Set([transfer.txHash.toLowerCase()]));
    // The transaction seen is named: the tracker reads it when the service names none.
    expect(await watch.hints(transfer)).toEqual({ watched: true, arrivalSeenAt: clock, arrivalTx: paid });
    // Seen once: no more reads for it.
    expect(await watch.nextAt([transfer])).toBeUndefined();
  });

  it('does not take another token to the recipient, nor the expected token to another address', async () => {
    const { watch } = watchOn();
    const transfer = record(2);
    expect(await watch.hints(transfer)).toEqual({ watched: false });
    await tick(watch, [transfer]);
    expect(await watch.hints(transfer)).toEqual({ watched: true });
    await chain.send(OTHER_TOKEN, RECIPIENT, 99_500_000n);
    await chain.send(TOKEN, STRANGER, 99_500_000n);
    expect(await tick(watch, [transfer])).toEqual(new Set());
    expect(await watch.hints(transfer)).toEqual({ watched: true });
  });

  it('does not take a transfer from before the watch started', async () => {
    const { watch } = watchOn();
    await chain.send(TOKEN, RECIPIENT, 99_800_000n);
    const transfer = record(3);
    await tick(watch, [transfer]);
    await chain.mine(1);
    expect(await tick(watch, [transfer])).toEqual(new Set());
  });

  it('takes the token the service names for the receiving leg (a PARTIAL delivers the bridge token)', async () => {
    const { watch } = watchOn();
    const transfer = record(4, {
      receiving: { chainId: 42161, token: { ...USDC_ARB, address: OTHER_TOKEN, symbol: 'USDC.e' } },
    });
    await tick(watch, [transfer]);
    await chain.send(OTHER_TOKEN, RECIPIENT, 5n); // any amount of the bridge's token
    expect(await tick(watch, [transfer])).toEqual(new Set([transfer.txHash.toLowerCase()]));
  });

  it('sees native coin arriving by the balance rising at least toAmountMin, not by less', async () => {
    const { watch } = watchOn();
    const to = '0x4444444444444444444444444444444444444444' as const;
    const native = { ...USDC_ARB, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', decimals: 18 };
    const transfer = record(5, { toToken: native, toAddress: to, toAmountMin: '1000' });
    await tick(watch, [transfer]);
    await chain.sendNative(to, 999n);
    expect(await tick(watch, [transfer])).toEqual(new Set());
    await chain.sendNative(to, 1n);
    expect(await tick(watch, [transfer])).toEqual(new Set([transfer.txHash.toLowerCase()]));
  });

  it('reads many transfers to one chain with at most two requests per tick, and a long gap in bounded windows', async () => {
    const window = 10;
    const { watch, reads } = watchOn(chain.rpcUrl, undefined, BigInt(window));
    const many = Array.from({ length: 25 }, (_, i) => record(100 + i));
    await tick(watch, many);
    const first = reads();
    // 25 ERC-20 transfers: one block number read (the first read marks the head).
    expect(first).toBe(1);
    await chain.mine(window * 4);
    await chain.send(TOKEN, RECIPIENT, 99_800_000n);
    // Four windows behind: three windows this tick, the rest (with the transfer) the next.
    expect(await tick(watch, many)).toEqual(new Set());
    expect(reads() - first).toBe(2);
    // One log, one transfer: the oldest of the 25 identical ones.
    expect(await tick(watch, many)).toEqual(new Set([many[0]!.txHash.toLowerCase()]));
  });

  it('watches nothing on a chain without a trusted RPC, and gives up relying on a failing one', async () => {
    const none = watchOn(null).watch;
    expect(await none.nextAt([record(6)])).toBeUndefined();
    expect(await none.hints(record(6))).toEqual({ watched: false });

    const failing: typeof fetch = async () => new Response('nope', { status: 503 });
    const { watch } = watchOn('http://127.0.0.1:9/', failing);
    const transfer = record(7);
    // Not relied on before a read succeeded.
    expect(await tick(watch, [transfer])).toEqual(new Set());
    expect(await watch.hints(transfer)).toEqual({ watched: false });
    for (let i = 1; i < UNWATCHED_AFTER_ERRORS; i++) {
      expect(await tick(watch, [transfer])).toEqual(new Set());
    }
    expect(await watch.hints(transfer)).toEqual({ watched: false });
    expect((await arrivalWatchItem.getValue())[transfer.txHash.toLowerCase()]?.lastError).toContain('HTTP 503');
  });

  it('sends no eth_* read for a transfer to Solana, whose trusted RPC speaks Solana JSON-RPC', async () => {
    const { watch, reads } = watchOn();
    const toSolana = record(8, { toChainId: SOLANA_CHAIN_ID });
    expect(await watch.nextAt([toSolana])).toBeUndefined();
    expect(await watch.runDue([toSolana])).toEqual(new Set());
    expect(await watch.hints(toSolana)).toEqual({ watched: false });
    expect(reads()).toBe(0);
    // An EVM transfer beside it is read as before.
    expect(await watch.nextAt([toSolana, record(9)])).toBe(clock);
  });

  it('gives one arrival to one transfer: the nearest amount among several to the same recipient, not below the minimum', async () => {
    const { watch } = watchOn();
    const small = record(20, { toAmount: '50000000', toAmountMin: '49000000' });
    const large = record(21, { toAmount: '200000000', toAmountMin: '198000000' });
    await tick(watch, [small, large]);
    await chain.send(TOKEN, RECIPIENT, 48_000_000n);
    expect(await tick(watch, [small, large])).toEqual(new Set());
    await chain.send(TOKEN, RECIPIENT, 199_000_000n);
    expect(await tick(watch, [small, large])).toEqual(new Set([large.txHash.toLowerCase()]));
    await chain.send(TOKEN, RECIPIENT, 49_500_000n);
    expect(await tick(watch, [small, large])).toEqual(new Set([small.txHash.toLowerCase()]));
  });

  it('forgets transfers no longer in flight', async () => {
    const { watch } = watchOn();
    await tick(watch, [record(8)]);
    await watch.runDue([]);
    expect(await arrivalWatchItem.getValue()).toEqual({});
  });
});
