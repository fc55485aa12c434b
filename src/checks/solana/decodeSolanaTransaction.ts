import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';

/** One instruction with its program and accounts by address, as the message compiles them. */
export type SolanaInstruction = {
  program: string;
  accounts: readonly string[];
  data: Uint8Array;
};

/** What a serialized Solana transaction asks, read from its bytes alone. */
export type DecodedSolanaTransaction = {
  /** The first account: it signs and pays the fee. */
  feePayer: string;
  /** Every account the message names, in its order. */
  accounts: readonly string[];
  /** The accounts the transaction may write. */
  writable: ReadonlySet<string>;
  signerCount: number;
  recentBlockhash: string;
  instructions: readonly SolanaInstruction[];
  /** Whether it loads accounts from address lookup tables (which need a chain read to resolve). */
  usesLookupTables: boolean;
};

/**
 * A step's transaction as li.quest gives it (`transactionRequest.data`: a serialized versioned or legacy
 * transaction, base64, its signatures still empty), decoded with @solana/kit. Throws on bytes that are not one.
 */
export function decodeSolanaTransaction(base64: string): DecodedSolanaTransaction {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('not base64');
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  // Version 1 lays its instructions out otherwise; li.quest gives legacy and version 0 transactions.
  if (message.version === 1) throw new Error('a version 1 message');
  const accounts = message.staticAccounts.map(String);
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const writable = new Set(
    accounts.filter((_, index) =>
      index < numSignerAccounts
        ? index < numSignerAccounts - numReadonlySignerAccounts
        : index < accounts.length - numReadonlyNonSignerAccounts,
    ),
  );
  const at = (index: number) => {
    const account = accounts[index];
    if (account === undefined) throw new Error(`account index ${index} beyond the message's accounts`);
    return account;
  };
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  return {
    feePayer: at(0),
    accounts,
    writable,
    signerCount: numSignerAccounts,
    recentBlockhash: message.lifetimeToken,
    instructions: message.instructions.map((instruction) => ({
      program: at(instruction.programAddressIndex),
      // An index past the static accounts points into a lookup table: left as its index, refused by the rules.
      accounts: (instruction.accountIndices ?? []).map((index) => accounts[index] ?? `lookup:${index}`),
      data: new Uint8Array(instruction.data ?? []),
    })),
    usesLookupTables: lookups.length > 0,
  };
}
