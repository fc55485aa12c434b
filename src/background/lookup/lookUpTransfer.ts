import { readSentTokens } from '../../chains/readSentTokens';
import type { ReadSentTransactionReturnType } from '../../chains/readSentTransaction';
import { withRetries } from '../../chains/withRetries';
import { userMessage } from '../../errors/userMessage';
import type { LookupAnswer } from '../../model/lookup';
import type { SentTransfer, TransferInput } from '../../model/transfer';
import type { StatusResponse } from '../../schemas/status';
import type { ChainReads } from '../chainReads';
import type { TransferStore } from '../transfers/transferStore';
import { lookedUpInput, usualSeconds } from './lookedUpInput';

export type LookUpTransferDeps = {
  reads: ChainReads;
  store: TransferStore;
  /** The service's status by the source hash (with its chain), or by LI.FI's transactionId. */
  getStatus(params: { txHash: string; fromChainId?: number } | { transactionId: string }): Promise<StatusResponse>;
  /** The EVM chains the catalog lists (the ones the extension may have an RPC for). */
  chainIds(): Promise<number[]>;
  /** A bridge's name from the service's tools (undefined: not listed). */
  toolName(key: string): Promise<string | undefined>;
  /** Records and reads the sent transaction once, as for the extension's own transfers (transferTracker.record). */
  record(input: TransferInput): Promise<SentTransfer>;
  /** One status check now (transferTracker.check): the service's answer is folded in at once, not at the next poll. */
  check(txHash: string): Promise<unknown>;
  now(): number;
};

type Hit = { chainId: number; url: string; read: ReadSentTransactionReturnType };

/**
 * Looks up a transfer made anywhere, by its source hash or LI.FI's transactionId, and follows it like the extension's
 * own: the hash is read on every chain the extension has a trusted RPC for (or the one the person picked), the
 * service is asked its status, what the chain shows is compared with the service's description, and the record is
 * kept marked as looked up. The input is untrusted: every outcome but `found` records nothing.
 */
export async function lookUpTransfer(
  deps: LookUpTransferDeps,
  ref: `0x${string}`,
  pickedChainId?: number,
): Promise<LookupAnswer> {
  const existing = await deps.store.getSend(ref);
  if (existing) return { kind: 'found', txHash: existing.txHash, already: true };

  const chainIds = pickedChainId === undefined ? await deps.chainIds() : [pickedChainId];
  const found = await readOnChains(deps, ref, chainIds);
  if (found.kind !== 'hit' && pickedChainId === undefined) {
    // Not a transaction any chain read knows: perhaps LI.FI's transactionId, which its status resolves to a hash.
    const byId = await deps.getStatus({ transactionId: ref }).catch(() => undefined);
    const hash = byId?.sending?.txHash;
    const chain = byId?.sending?.chainId;
    if (hash && chain !== undefined && /^0x[0-9a-fA-F]{64}$/.test(hash)) {
      const again = await deps.store.getSend(hash);
      if (again) return { kind: 'found', txHash: again.txHash, already: true };
      const second = await readOnChains(deps, hash as `0x${string}`, [Number(chain)]);
      if (second.kind === 'hit') return follow(deps, second.hit);
    }
  }
  if (found.kind === 'noRpc') return { kind: 'noRpc' };
  if (found.kind === 'unreadable') return { kind: 'unreadable', detail: found.detail };
  if (found.kind === 'none') return { kind: 'unknown', chainIds: found.chainIds };
  return follow(deps, found.hit);
}

type ChainSearch =
  | { kind: 'hit'; hit: Hit }
  | { kind: 'none'; chainIds: number[] }
  | { kind: 'noRpc' }
  | { kind: 'unreadable'; detail: string };

/** The hash read on each chain with a trusted RPC, all at once; the first chain whose own RPC knows it. */
async function readOnChains(deps: LookUpTransferDeps, hash: `0x${string}`, chainIds: number[]): Promise<ChainSearch> {
  const withRpc = (
    await Promise.all(chainIds.map(async (chainId) => ({ chainId, url: await deps.reads.rpcUrl(chainId) })))
  ).filter((c): c is { chainId: number; url: string } => c.url !== undefined);
  if (withRpc.length === 0) return { kind: 'noRpc' };
  const reads = await Promise.all(
    withRpc.map(({ chainId, url }) =>
      deps.reads.rpc.readSentTransaction(url, hash).then(
        (read) => ({ chainId, url, read }),
        (err: unknown) => ({ chainId, url, error: userMessage(err) }),
      ),
    ),
  );
  // An RPC that serves another chain than the one it is trusted for says nothing of this one.
  const hit = reads.find(
    (r): r is Hit => 'read' in r && r.read.rpcChainId === r.chainId && r.read.transaction !== null,
  );
  if (hit) return { kind: 'hit', hit };
  const failed = reads.filter((r): r is { chainId: number; url: string; error: string } => 'error' in r);
  if (failed.length === reads.length) return { kind: 'unreadable', detail: failed.at(-1)!.error };
  return { kind: 'none', chainIds: withRpc.map((c) => c.chainId) };
}

/** The transaction the chain knows: asked of the service, compared, recorded and followed. */
async function follow(deps: LookUpTransferDeps, { chainId, url, read }: Hit): Promise<LookupAnswer> {
  const tx = read.transaction!;
  if (read.receipt === null || read.receipt === undefined) return { kind: 'notMined', chainId };
  if (read.receipt.reverted) return { kind: 'reverted', chainId };
  const status = await deps.getStatus({ txHash: tx.hash, fromChainId: chainId });
  if (status.status === 'NOT_FOUND' || status.status === 'INVALID') return { kind: 'unknownToService', chainId };
  const client = deps.reads.rpc.client(url);
  const sent = await withRetries(() => readSentTokens(client, { hash: tx.hash, from: tx.from }));
  if (sent.rpcChainId !== chainId) return { kind: 'unreadable', detail: '' };
  const tool = status.tool ?? '';
  const estimates = (await deps.store.sends())
    .filter((s) => s.tool === tool && !s.lookedUp)
    .map((s) => s.executionDuration);
  const input = lookedUpInput({
    chainId,
    tx,
    sent,
    status,
    toolName: tool ? await deps.toolName(tool) : undefined,
    usualSeconds: usualSeconds(estimates),
    now: deps.now(),
  });
  if ('differs' in input) return { kind: 'notThisTransfer', chainId, field: input.differs };
  const stored = await deps.record(input);
  // Its status is asked again at once and read on chain from here on, like the extension's own transfers.
  await deps.check(stored.txHash).catch(() => undefined);
  return { kind: 'found', txHash: stored.txHash, already: false };
}
