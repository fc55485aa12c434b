import {
  type Address,
  type EncodedAccount,
  getCompiledTransactionMessageDecoder,
  type MaybeEncodedAccount,
  type Transaction,
} from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';
import { type AccountReader, errorJson, type Snapshot, snapshot } from './solanaTransactions';

/**
 * A transaction run on a copy of the VM's state and thrown away, as a node's `simulateTransaction` does: litesvm
 * answers the accounts the transaction left behind; read over the VM's own state, they are what every account
 * would hold afterwards. Nothing is recorded and the slot does not move.
 */
export type SolanaSimulation = {
  /** null when it would succeed; otherwise the error in the JSON-RPC's shape. */
  err: unknown;
  logs: string[];
  unitsConsumed: bigint;
  /** Lamports the transaction would burn (its fee): all its accounts before less after. */
  fee: bigint;
  keys: readonly Address[];
  pre: Snapshot;
  post: Snapshot;
  /** Any account as it would read after the transaction. */
  after: AccountReader;
};

export function simulateOn(svm: LiteSVM, transaction: Transaction, options: { sigVerify: boolean }): SolanaSimulation {
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const keys = compiled.staticAccounts;
  const before: AccountReader = (key) => svm.getAccount(key);
  svm.withSigverify(options.sigVerify);
  let result: ReturnType<LiteSVM['simulateTransaction']>;
  try {
    result = svm.simulateTransaction(transaction);
  } finally {
    // The devnet verifies signatures everywhere else (server/devnet/solana.ts).
    svm.withSigverify(true);
  }
  const failed = result instanceof FailedTransactionMetadata ? result : undefined;
  const left = new Map<string, EncodedAccount>(
    result instanceof FailedTransactionMetadata ? [] : result.postAccounts().map((a) => [a.address, a]),
  );
  const after: AccountReader = (key) => {
    const account = left.get(key);
    return account
      ? ({ ...account, exists: true, data: new Uint8Array(account.data) } as MaybeEncodedAccount)
      : before(key);
  };
  const meta = result.meta();
  const pre = snapshot(before, keys);
  const post = snapshot(after, keys);
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  return {
    err: failed ? errorJson(failed) : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    fee: failed ? 0n : sum(pre.lamports) - sum(post.lamports),
    keys,
    pre,
    post,
    after,
  };
}
