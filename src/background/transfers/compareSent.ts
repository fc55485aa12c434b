import type { SentTransactionRead } from '../../chains/rpcReader';
import type { ApprovedTransaction, Difference } from '../../model/transfer';
import { batchedExecutionDifferences } from './batchedExecution';

const lower = (s: string) => s.toLowerCase();

/** Every member of the chain's copy that differs from the approved transaction (empty: it is the one). */
export function compareSent(
  approved: ApprovedTransaction,
  txHash: string,
  tx: NonNullable<SentTransactionRead['transaction']>,
): Difference[] {
  const differences: Difference[] = [];
  const differ = (field: string, expected: string, actual: string) => differences.push({ field, expected, actual });
  if (lower(tx.hash) !== lower(txHash)) differ('hash', txHash, tx.hash);
  if (tx.chainId !== undefined && tx.chainId !== approved.chainId)
    differ('chainId', String(approved.chainId), String(tx.chainId));
  if (lower(tx.from) !== lower(approved.from)) differ('from', approved.from, tx.from);
  // A smart account's batch: one transaction to the person's own account carrying the approved calls.
  const batched = batchedExecutionDifferences(approved, tx);
  if (batched) return [...differences, ...batched];
  if (tx.to === null || lower(tx.to) !== lower(approved.to)) differ('to', approved.to, tx.to ?? 'a contract creation');
  // Exact bytes: a recipient or amount rewritten inside the call data changes nothing else.
  if (lower(tx.input) !== lower(approved.data)) differ('data', approved.data, tx.input);
  if (tx.value !== BigInt(approved.value)) differ('value', approved.value, tx.value.toString());
  return differences;
}
