/**
 * The Solana programs a transfer from Solana may call, pinned here and never taken from the routing service: the
 * runtime's own (System, Compute Budget), SPL Token and Token-2022, the Associated Token Account program and Memo.
 * A bridge that needs a program of its own adds it through `bridgePrograms` of the check's entry
 * (./checkSolanaTransaction.ts); one that takes a plain deposit (NEAR Intents' deposit address) needs none.
 */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const MEMO_PROGRAMS = [
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
];

export const TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];

export const KNOWN_PROGRAMS: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM,
  ...TOKEN_PROGRAMS,
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  ...MEMO_PROGRAMS,
]);

/** How LI.FI and the catalog name SOL itself: the zero address, or the System Program. */
export const isNativeSol = (token: string): boolean =>
  token === SYSTEM_PROGRAM || token === '0x0000000000000000000000000000000000000000';
