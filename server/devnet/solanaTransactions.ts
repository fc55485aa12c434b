import {
  type Address,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  type MaybeEncodedAccount,
  type Transaction,
} from '@solana/kit';
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import { INSTRUCTION_ERRORS, TRANSACTION_ERRORS } from './solanaErrorNames';

/**
 * What a Solana node keeps of each transaction it ran, for `getTransaction` (server/devnet/solanaRpc.ts): litesvm
 * keeps only the logs and the error, so the devnet reads every account the transaction names just before and just
 * after running it, as a validator does for `meta.pre/postBalances` and `meta.pre/postTokenBalances`.
 */

const TOKEN_ACCOUNT_SIZE = 165;

/** One SPL token account's balance as `meta.preTokenBalances`/`postTokenBalances` list it. */
export type SolanaTokenBalance = {
  /** Index into the message's account keys. */
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: bigint;
  decimals: number;
};

export type SolanaTransactionRecord = {
  signature: string;
  signatures: string[];
  slot: bigint;
  /** Seconds since the epoch. */
  blockTime: number;
  /** null when it succeeded; otherwise the error in the JSON-RPC's shape (`{ InstructionError: [index, …] }`). */
  err: unknown;
  /** Lamports the transaction burned: what all its accounts held before less what they hold after. */
  fee: bigint;
  version: 0 | 'legacy';
  /** The whole signed transaction as it was sent, base64 (what `getTransaction` answers with `encoding: 'base64'`). */
  wire: string;
  message: {
    accountKeys: string[];
    header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number };
    instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: null }[];
    recentBlockhash: string;
  };
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: SolanaTokenBalance[];
  postTokenBalances: SolanaTokenBalance[];
  logMessages: string[];
  computeUnitsConsumed: bigint;
};

export type Snapshot = { lamports: bigint[]; tokens: SolanaTokenBalance[] };
/** How an account reads at one moment: the VM's state, or the state a simulation left. */
export type AccountReader = (address: Address) => MaybeEncodedAccount;

/** Lamports of every account, and the SPL balance of those that are token accounts. */
export function snapshot(read: AccountReader, keys: readonly Address[]): Snapshot {
  const tokens: SolanaTokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const account = read(key);
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return;
    if (account.data.length !== TOKEN_ACCOUNT_SIZE) return;
    const token = getTokenDecoder().decode(account.data);
    const mint = read(token.mint);
    tokens.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: TOKEN_PROGRAM_ADDRESS,
      amount: token.amount,
      decimals: mint.exists ? getMintDecoder().decode(mint.data).decimals : 0,
    });
  });
  return {
    lamports: keys.map((key) => {
      const account = read(key);
      return account.exists ? account.lamports : 0n;
    }),
    tokens,
  };
}

/** The error as Solana's JSON-RPC writes it: `{ InstructionError: [index, { Custom: code }] }` and the like. */
export function errorJson(failed: FailedTransactionMetadata): unknown {
  const err = failed.err();
  if (typeof err === 'object' && err !== null && 'index' in err && 'err' in err && typeof err.err === 'function') {
    const inner = err.err();
    const detail =
      typeof inner === 'object' && inner !== null && 'code' in inner
        ? { Custom: inner.code }
        : typeof inner === 'number'
          ? (INSTRUCTION_ERRORS[inner] ?? String(inner))
          : String(inner);
    return { InstructionError: [err.index, detail] };
  }
  return typeof err === 'number' ? (TRANSACTION_ERRORS[err] ?? String(err)) : String(err);
}

/**
 * Runs a signed transaction on the VM and records it as a node would. Each transaction gets its own slot, so
 * `getTransaction` and `getSignatureStatuses` answer distinct slots in order.
 */
export function runRecorded(
  svm: LiteSVM,
  transaction: Transaction,
): { record: SolanaTransactionRecord; result: TransactionMetadata | FailedTransactionMetadata } {
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  // The devnet builds version 0 messages (server/devnet/solana.ts); version 1 has another layout.
  if (compiled.version === 1) throw new Error('the devnet records legacy and version 0 transactions only');
  const keys = compiled.staticAccounts;
  const slot = svm.getClock().slot;
  const read: AccountReader = (key) => svm.getAccount(key);
  const before = snapshot(read, keys);
  const result = svm.sendTransaction(transaction);
  const after = snapshot(read, keys);
  svm.warpToSlot(slot + 1n);
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  const base58 = getBase58Decoder();
  const record: SolanaTransactionRecord = {
    signature: getSignatureFromTransaction(transaction),
    signatures: Object.values(transaction.signatures).map((bytes) => (bytes ? base58.decode(bytes) : '')),
    slot,
    blockTime: Math.floor(Date.now() / 1000),
    err: result instanceof FailedTransactionMetadata ? errorJson(result) : null,
    fee: sum(before.lamports) - sum(after.lamports),
    version: compiled.version === 'legacy' ? 'legacy' : 0,
    wire: getBase64EncodedWireTransaction(transaction),
    message: {
      accountKeys: [...keys],
      header: {
        numRequiredSignatures: compiled.header.numSignerAccounts,
        numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
      },
      instructions: compiled.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: [...(instruction.accountIndices ?? [])],
        data: base58.decode(instruction.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      recentBlockhash: compiled.lifetimeToken,
    },
    preBalances: before.lamports,
    postBalances: after.lamports,
    preTokenBalances: before.tokens,
    postTokenBalances: after.tokens,
    logMessages: meta.logs(),
    computeUnitsConsumed: meta.computeUnitsConsumed(),
  };
  return { record, result };
}
