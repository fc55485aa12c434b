import { describe, expect, it } from 'vitest';
import type { DecodedSolanaTransaction, SolanaInstruction } from './decodeSolanaTransaction';
import { readInstructions } from './instructionRules';
import { COMPUTE_BUDGET_PROGRAM, MEMO_PROGRAMS, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './programs';

const PERSON = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const OTHER = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const ACCOUNT = 'AvEp4fQ2rGrXyAX5PzmSQbNkkSxb3R5ktBrfVf6E3Mtu';

const le = (value: bigint, bytes: number) => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return out;
};
const bytes = (...parts: (number | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])));

function read(instructions: SolanaInstruction[], extra: Partial<DecodedSolanaTransaction> = {}) {
  const transaction: DecodedSolanaTransaction = {
    feePayer: PERSON,
    accounts: [PERSON],
    writable: new Set([PERSON]),
    signerCount: 1,
    recentBlockhash: '11111111111111111111111111111111',
    instructions,
    usesLookupTables: false,
    ...extra,
  };
  return readInstructions({ transaction, person: PERSON, amount: 1_000n });
}
const codes = (result: ReturnType<typeof read>) => result.refusals.map((r) => r.code);

describe('readInstructions', () => {
  it('lets through transfers, a memo, the compute budget and a close into the person’s own account', () => {
    const result = read([
      { program: COMPUTE_BUDGET_PROGRAM, accounts: [], data: bytes(2, le(200_000n, 4)) },
      { program: COMPUTE_BUDGET_PROGRAM, accounts: [], data: bytes(3, le(1_000n, 8)) },
      { program: SYSTEM_PROGRAM, accounts: [PERSON, OTHER], data: bytes(le(2n, 4), le(5n, 8)) },
      { program: TOKEN_2022_PROGRAM, accounts: [ACCOUNT, OTHER, PERSON], data: bytes(12, le(1_000n, 8), 6) },
      { program: TOKEN_PROGRAM, accounts: [ACCOUNT, PERSON, PERSON], data: bytes(9) },
      { program: MEMO_PROGRAMS[0]!, accounts: [], data: new TextEncoder().encode('hi') },
    ]);
    expect(codes(result)).toEqual([]);
    // 1000 micro-lamports × 200,000 units.
    expect(result.priorityFee).toBe(200n);
  });

  it('refuses a close into someone else’s account, burning, other System instructions and lookup tables', () => {
    const result = read(
      [
        { program: TOKEN_PROGRAM, accounts: [ACCOUNT, OTHER, PERSON], data: bytes(9) },
        { program: TOKEN_PROGRAM, accounts: [ACCOUNT, ACCOUNT, PERSON], data: bytes(8, le(1n, 8)) },
        // Assign (1): hands the person's account to another program.
        { program: SYSTEM_PROGRAM, accounts: [PERSON], data: bytes(le(1n, 4), new Uint8Array(32)) },
      ],
      { usesLookupTables: true },
    );
    expect(codes(result)).toEqual(['LOOKUP_TABLES', 'CLOSE_ACCOUNT', 'TOKEN_INSTRUCTION', 'SYSTEM_INSTRUCTION']);
    expect(result.refusals[1]!.shortMessage).toBe(
      `Blocked for your safety: the transaction closes token account ${ACCOUNT} and sends what it holds to ${OTHER}, not to you.`,
    );
  });

  it('refuses a priority fee above its ceiling', () => {
    const result = read([
      { program: COMPUTE_BUDGET_PROGRAM, accounts: [], data: bytes(2, le(1_400_000n, 4)) },
      { program: COMPUTE_BUDGET_PROGRAM, accounts: [], data: bytes(3, le(1_000_000_000n, 8)) },
    ]);
    expect(codes(result)).toEqual(['PRIORITY_FEE']);
    expect(result.priorityFee).toBe(1_400_000_000n);
  });
});
