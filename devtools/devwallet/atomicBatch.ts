import type { Hex } from 'viem';

/**
 * EIP-5792 for the Dev Wallet, executed for real and atomically on an anvil chain: the wallet's account is a plain
 * key, so the calls go as ordinary transactions, but into one block: a snapshot, automining off, every call signed
 * and sent with consecutive nonces, one `evm_mine`, then the receipts. If any call reverted, the chain goes back to
 * the snapshot: none of them happened (status 500). Anvil only; a real chain has no such undo.
 */

type Rpc = (method: string, params?: unknown[]) => Promise<unknown>;

export type BatchCall = { to?: string; data?: string; value?: string };

export type BatchReceipt = {
  logs: unknown[];
  status: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  transactionHash: Hex;
};

/** What `wallet_getCallsStatus` answers (EIP-5792 2.0): 100 pending, 200 confirmed, 400 not sent, 500 reverted. */
export type BatchState = { chainId: number; status: 100 | 200 | 400 | 500; receipts?: BatchReceipt[] };

export type BatchSigner = {
  address: `0x${string}`;
  /** Signs one call as a legacy transaction with the given nonce and gas limit on `chainId`. */
  sign(call: BatchCall, nonce: number, gas: bigint, gasPrice: bigint): Promise<Hex>;
};

const toBigInt = (value: unknown, fallback: bigint) =>
  typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : fallback;

/** The limit for a call whose simulation reverted: it is sent anyway, reverts on chain, and the block is undone. */
const REVERTING_CALL_GAS = 500_000n;

/**
 * Gas for each call on the state the calls before it leave (an approval first, then the transfer it allows):
 * anvil's eth_simulateV1 runs them in sequence.
 */
async function gasLimits(rpc: Rpc, from: `0x${string}`, calls: BatchCall[]): Promise<bigint[]> {
  const [block] = (await rpc('eth_simulateV1', [
    { blockStateCalls: [{ calls: calls.map((call) => ({ from, ...call })) }], validation: false },
    'latest',
  ])) as { calls: { status: Hex; gasUsed: Hex }[] }[];
  if (block?.calls.length !== calls.length) throw new Error('The simulation did not run every call of the batch.');
  return block.calls.map((result) =>
    result.status === '0x1'
      ? // The margin wallets add: gas use moves a little between simulation and inclusion.
        (toBigInt(result.gasUsed, 100_000n) * 13n) / 10n + 10_000n
      : REVERTING_CALL_GAS,
  );
}

/**
 * Runs the calls in one block or not at all, and answers what `wallet_getCallsStatus` then reports. Throws when
 * nothing could be sent (the wallet reports that as 400).
 */
export async function executeAtomically(rpc: Rpc, signer: BatchSigner, calls: BatchCall[]): Promise<BatchState> {
  const chainId = Number(toBigInt(await rpc('eth_chainId'), 0n));
  const gas = await gasLimits(rpc, signer.address, calls);
  const snapshot = await rpc('evm_snapshot');
  await rpc('evm_setAutomine', [false]);
  try {
    const [nonce, gasPrice] = await Promise.all([
      rpc('eth_getTransactionCount', [signer.address, 'pending']),
      rpc('eth_gasPrice'),
    ]);
    const hashes: Hex[] = [];
    for (const [i, call] of calls.entries()) {
      const raw = await signer.sign(call, Number(toBigInt(nonce, 0n)) + i, gas[i]!, toBigInt(gasPrice, 10n ** 9n));
      hashes.push((await rpc('eth_sendRawTransaction', [raw])) as Hex);
    }
    await rpc('evm_mine');
    const receipts = (await Promise.all(
      hashes.map((hash) => rpc('eth_getTransactionReceipt', [hash])),
    )) as (BatchReceipt | null)[];
    const included = receipts.every((r) => r !== null);
    if (!included || receipts.some((r) => r?.status !== '0x1')) {
      // One reverted (or did not fit the block): undo the block, so none of the calls happened.
      await rpc('evm_revert', [snapshot]);
      return { chainId, status: 500 };
    }
    return {
      chainId,
      status: 200,
      receipts: (receipts as BatchReceipt[]).map((r) => ({
        logs: r.logs,
        status: r.status,
        blockHash: r.blockHash,
        blockNumber: r.blockNumber,
        gasUsed: r.gasUsed,
        transactionHash: r.transactionHash,
      })),
    };
  } catch (err) {
    await rpc('evm_revert', [snapshot]).catch(() => undefined);
    throw err;
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
}
