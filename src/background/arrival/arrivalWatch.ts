import type { LogTopic } from 'viem';
import { i18n } from '#i18n';
import { inWords, RpcReadError } from '../../chains/chainReadError';
import { type TrustedClient, trustedClient } from '../../chains/trustedClient';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import type { SentTransfer } from '../../model/transfer';
import { defineVersionedItem } from '../../storage/versionedItem';
import { nextWatchDelay } from '../transfers/schedule';

/**
 * Watches the destination chain, through the RPC the extension trusts for it, for the funds of transfers in flight
 * to arrive: an ERC-20 `Transfer` log of the expected token (or the bridge's own token, which a PARTIAL delivers) to
 * the recipient, or for the native coin a rise of the recipient's balance by at least `toAmountMin`. A match only
 * makes the confirming status request come sooner: the service stays the authority for the outcome (COMPLETED,
 * PARTIAL, REFUNDED, FAILED), and nothing is notified on the chain's word alone.
 *
 * Bounded reads, through the one trusted client (src/chains/trustedClient.ts): per chain and tick, one batch with the
 * block number and the native balances (at most MAX_BATCH_CALLS calls a request),
 * then, if the chain moved, one batch of `eth_getLogs` over at most MAX_WINDOWS windows of LOG_WINDOW_BLOCKS blocks, filtered by token
 * address and recipient (so the answer holds only candidate logs). A chain further behind catches up over the next
 * ticks. The cadence per transfer is schedule.ts's `nextWatchDelay`; failures back off. The status schedule relies on
 * the watch only after a read succeeded, and stops after UNWATCHED_AFTER_ERRORS failures in a row.
 *
 * State lives in `local:arrivalWatch` (the worker stops between ticks): per transfer the next block to read, the
 * native baseline, when to read next, and when the funds were seen.
 */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Blocks per eth_getLogs call: within what public RPCs accept, minutes of even a fast chain. */
export const LOG_WINDOW_BLOCKS = 2_000n;
const MAX_WINDOWS = 3;
export const UNWATCHED_AFTER_ERRORS = 3;
const ERROR_BASE_MS = 15_000;
const ERROR_MAX_MS = 5 * 60_000;

type TargetState = {
  chainId: number;
  /** Next block whose logs are unread (decimal), set by the first read. */
  fromBlock?: string;
  /** Native coin: the recipient's lowest balance since the first read (decimal). */
  baseline?: string;
  nextReadAt: number;
  errors: number;
  lastError?: string;
  /** When the funds were seen arriving (epoch ms); reads stop then. */
  arrivedAt?: number;
  /** The log's transaction, for the record (native arrivals have none: a balance says no more). */
  arrivalTx?: string;
};
export type ArrivalWatchState = Record<string, TargetState>;

export const arrivalWatchItem = defineVersionedItem<ArrivalWatchState>('local:arrivalWatch', { fallback: {} });

export type ArrivalHints = { watched: boolean; arrivalSeenAt?: number; arrivalTx?: string };

/**
 * Transfers this watch reads: in flight to an EVM chain. Solana's RPC speaks no eth_* (a Solana arrival is read once
 * the service names it, src/background/transfers/arrivalConfirm.ts).
 */
const watchable = (record: SentTransfer) => !record.final && record.toChainId !== SOLANA_CHAIN_ID;

export type ArrivalWatch = {
  /** Reads every chain with a due transfer once; returns the keys (lower-case hashes) whose funds just arrived. */
  runDue(active: SentTransfer[]): Promise<Set<string>>;
  /** Epoch ms of the earliest read due among `active`, or undefined when none is watched. */
  nextAt(active: SentTransfer[]): Promise<number | undefined>;
  /** For the status schedule: whether the chain carries the wait, and when the funds were seen. */
  hints(record: SentTransfer): Promise<ArrivalHints>;
};

const NATIVE_ADDRESSES = new Set([
  '0x0000000000000000000000000000000000000000',
  '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
]);
const isNative = (address: string) => NATIVE_ADDRESSES.has(address.toLowerCase());
const keyOf = (record: SentTransfer) => record.txHash.toLowerCase();
const topicFor = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

/** ERC-20 contracts whose transfer to the recipient counts: the expected token, and the bridge's if known or named. */
export function watchedTokens(record: SentTransfer): string[] {
  const tokens = new Set<string>();
  if (!isNative(record.toToken.address)) tokens.add(record.toToken.address.toLowerCase());
  // What the bridge delivers before the destination swap, known from the route: a PARTIAL leaves it with the person.
  const bridged = record.bridgeToken;
  if (bridged && Number(bridged.chainId) === record.toChainId && !isNative(bridged.address))
    tokens.add(bridged.address.toLowerCase());
  const received = record.receiving?.token;
  // The service may name the token it delivers while still pending (a PARTIAL delivers the bridge's token).
  if (received && Number(received.chainId) === record.toChainId && !isNative(received.address))
    tokens.add(received.address.toLowerCase());
  return [...tokens];
}

export function createArrivalWatch(deps: {
  /** The trusted RPC for a chain (src/chains/trustedRpc.ts with the settings' overrides), or undefined. */
  rpcUrl: (chainId: number) => Promise<string | undefined>;
  now: () => number;
  fetch?: typeof fetch;
  /** Blocks per eth_getLogs call; tests make it small. */
  windowBlocks?: bigint;
}): ArrivalWatch {
  const item = arrivalWatchItem;
  const windowBlocks = deps.windowBlocks ?? LOG_WINDOW_BLOCKS;
  let lock: Promise<unknown> = Promise.resolve();

  async function readChain(url: string, records: SentTransfer[], state: ArrivalWatchState) {
    // No retries: a failed read is tried again at the next tick, with backoff.
    const client = trustedClient(url, { fetch: deps.fetch, timeoutMs: 10_000, maxResponseBytes: 2_000_000 });
    const natives = records.filter((r) => isNative(r.toToken.address));
    // One batch (split every MAX_BATCH_CALLS calls, src/chains/trustedClient.ts): the head and each balance.
    const [head, ...balances] = await Promise.all([
      client.request({ method: 'eth_blockNumber' }).catch(inWords(client, 'eth_blockNumber')),
      ...natives.map((r) =>
        client
          .request({ method: 'eth_getBalance', params: [r.toAddress as `0x${string}`, 'latest'] })
          .catch(inWords(client, 'eth_getBalance')),
      ),
    ]);
    const latest = quantity(head);
    const now = deps.now();

    natives.forEach((record, i) => {
      const target = state[keyOf(record)]!;
      const balance = quantity(balances[i]);
      const baseline = target.baseline === undefined ? balance : BigInt(target.baseline);
      const needed = BigInt(record.toAmountMin) > 0n ? BigInt(record.toAmountMin) : 1n;
      if (balance - baseline >= needed) target.arrivedAt = now;
      // Spending from the account meanwhile lowers the baseline rather than hiding the arrival.
      target.baseline = String(balance < baseline ? balance : baseline);
    });

    const erc20 = records.filter((r) => watchedTokens(r).length > 0);
    for (const r of erc20) {
      const target = state[keyOf(r)]!;
      // The first read marks the head: the transfer was just sent, so what is in the chain already is not it.
      if (target.fromBlock === undefined) target.fromBlock = String(latest + 1n);
    }
    const pending = erc20.filter((r) => BigInt(state[keyOf(r)]!.fromBlock!) <= latest);
    if (pending.length === 0) return;
    const from = pending.reduce((min, r) => {
      const b = BigInt(state[keyOf(r)]!.fromBlock!);
      return b < min ? b : min;
    }, latest);
    const tokens = [...new Set(pending.flatMap(watchedTokens))];
    const recipients = [...new Set(pending.map((r) => topicFor(r.toAddress)))];
    const windows: Array<[bigint, bigint]> = [];
    for (let start = from; start <= latest && windows.length < MAX_WINDOWS; start += windowBlocks) {
      const end = start + windowBlocks - 1n;
      windows.push([start, end < latest ? end : latest]);
    }
    const answers = await Promise.all(windows.map(([start, end]) => readLogs(client, start, end, tokens, recipients)));
    const covered = windows.at(-1)![1];
    for (const logs of answers) {
      if (!Array.isArray(logs)) throw new RpcReadError(i18n.t('rpc.unreadable', ['eth_getLogs']));
      for (const log of logs) matchLog(log, pending, state, now);
    }
    for (const r of pending) {
      const target = state[keyOf(r)]!;
      if (BigInt(target.fromBlock!) <= covered) target.fromBlock = String(covered + 1n);
    }
  }

  /**
   * One log funds at most one transfer: several transfers in flight to the same recipient (the same person bridging
   * twice) must not all be confirmed by the first arrival. Among the candidates (recipient, token, started before the
   * log) the one whose expected amount is nearest the log's value wins, the oldest on a tie; a log of the expected
   * token below `toAmountMin` is not the transfer (the bridge's own token, for a PARTIAL, may be any amount).
   */
  function matchLog(log: unknown, records: SentTransfer[], state: ArrivalWatchState, now: number) {
    const { address, topics, data, blockNumber, transactionHash, removed } = (log ?? {}) as Record<string, unknown>;
    if (removed === true || typeof address !== 'string' || !Array.isArray(topics)) return;
    if (topics[0] !== TRANSFER_TOPIC || typeof topics[2] !== 'string') return;
    const block = quantity(blockNumber);
    const value = typeof data === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(data) ? BigInt(data) : 0n;
    const token = address.toLowerCase();
    let best: { record: SentTransfer; distance: bigint } | undefined;
    for (const record of records) {
      const target = state[keyOf(record)]!;
      if (target.arrivedAt !== undefined) continue;
      // The filter asked the RPC for these already; checking again costs nothing and trusts nothing.
      if (topics[2].toLowerCase() !== topicFor(record.toAddress)) continue;
      if (!watchedTokens(record).includes(token)) continue;
      if (block < BigInt(target.fromBlock!)) continue;
      const expected = token === record.toToken.address.toLowerCase();
      if (expected && value < BigInt(record.toAmountMin)) continue;
      const gap = value - BigInt(record.toAmount);
      const distance = expected ? (gap < 0n ? -gap : gap) : 2n ** 256n;
      if (!best || distance < best.distance || (distance === best.distance && record.createdAt < best.record.createdAt))
        best = { record, distance };
    }
    if (!best) return;
    const target = state[keyOf(best.record)]!;
    target.arrivedAt = now;
    if (typeof transactionHash === 'string') target.arrivalTx = transactionHash;
  }

  async function runDueLocked(active: SentTransfer[]): Promise<Set<string>> {
    const now = deps.now();
    const previous = await item.getValue();
    const state: ArrivalWatchState = {};
    const due = new Map<string, { url: string; records: SentTransfer[] }>();
    for (const record of active) {
      if (!watchable(record)) continue;
      const url = await deps.rpcUrl(record.toChainId);
      if (!url) continue;
      const key = keyOf(record);
      const target = previous[key] ?? { chainId: record.toChainId, nextReadAt: now, errors: 0 };
      state[key] = target;
      if (target.arrivedAt !== undefined || target.nextReadAt > now + 1_000) continue;
      const group = due.get(url) ?? { url, records: [] };
      group.records.push(record);
      due.set(url, group);
    }
    const arrived = new Set<string>();
    for (const { url, records } of due.values()) {
      let failure: string | undefined;
      try {
        const before = new Set(records.filter((r) => state[keyOf(r)]!.arrivedAt === undefined).map(keyOf));
        await readChain(url, records, state);
        for (const key of before) if (state[key]!.arrivedAt !== undefined) arrived.add(key);
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
      }
      const after = deps.now();
      for (const record of records) {
        const target = state[keyOf(record)]!;
        const cadence =
          nextWatchDelay({ now: after, startedAt: record.createdAt, expectedMs: record.executionDuration * 1000 }) ??
          ERROR_MAX_MS;
        if (failure === undefined) {
          target.errors = 0;
          target.lastError = undefined;
          target.nextReadAt = after + cadence;
        } else {
          target.errors++;
          target.lastError = failure;
          const backoff = Math.min(ERROR_MAX_MS, ERROR_BASE_MS * 2 ** (target.errors - 1));
          target.nextReadAt = after + Math.max(cadence, backoff);
        }
      }
    }
    // Written every run: transfers no longer in flight drop out, and the write keeps the worker awake.
    await item.setValue(state);
    return arrived;
  }

  return {
    runDue(active) {
      const run = lock.then(() => runDueLocked(active));
      lock = run.catch(() => undefined);
      return run;
    },
    async nextAt(active) {
      const state = await item.getValue();
      let earliest: number | undefined;
      for (const record of active) {
        if (!watchable(record) || !(await deps.rpcUrl(record.toChainId))) continue;
        const target = state[keyOf(record)];
        // Not read yet: due now (the first read fixes the starting block).
        const at = target === undefined ? deps.now() : target.arrivedAt === undefined ? target.nextReadAt : undefined;
        if (at !== undefined && (earliest === undefined || at < earliest)) earliest = at;
      }
      return earliest;
    },
    async hints(record) {
      if (record.toChainId === SOLANA_CHAIN_ID || !(await deps.rpcUrl(record.toChainId))) return { watched: false };
      const target = (await item.getValue())[keyOf(record)];
      // Relied on only once a read succeeded (the chain head or balance is known) and while reads keep working.
      const proven = target !== undefined && (target.fromBlock !== undefined || target.baseline !== undefined);
      return {
        watched: proven && target.errors < UNWATCHED_AFTER_ERRORS,
        ...(target?.arrivedAt !== undefined ? { arrivalSeenAt: target.arrivedAt } : {}),
        ...(target?.arrivalTx !== undefined ? { arrivalTx: target.arrivalTx } : {}),
      };
    },
  };
}

/** ERC-20 Transfers of `tokens` to `recipients` (as topics) in blocks start…end, as the node answers them. */
function readLogs(
  client: TrustedClient,
  start: bigint,
  end: bigint,
  tokens: string[],
  recipients: string[],
): Promise<unknown> {
  const filter: { fromBlock: `0x${string}`; toBlock: `0x${string}`; address: `0x${string}`[]; topics: LogTopic[] } = {
    fromBlock: toHex(start),
    toBlock: toHex(end),
    address: tokens as `0x${string}`[],
    topics: [TRANSFER_TOPIC, null, recipients as `0x${string}`[]],
  };
  return client.request({ method: 'eth_getLogs', params: [filter] }).catch(inWords(client, 'eth_getLogs'));
}

/** A hex quantity as the RPC returns it; anything else is unreadable. */
function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    throw new RpcReadError(i18n.t('rpc.unreadable', ['quantity']));
  }
  return BigInt(value);
}

const toHex = (value: bigint): `0x${string}` => `0x${value.toString(16)}`;
