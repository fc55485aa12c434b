import { i18n } from '#i18n';
import type { DecodedSolanaTransaction, SolanaInstruction } from './decodeSolanaTransaction';
import { SolanaTransactionRefused } from './errors';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  KNOWN_PROGRAMS,
  MEMO_PROGRAMS,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAMS,
} from './programs';

/**
 * The instructions of a Solana transaction read one by one, before anything is simulated: every program must be a
 * known one (./programs.ts) or a pinned program of the bridge; the fee payer must be the person; the System Program
 * may only transfer; the token programs may only transfer, approve no more than the chosen amount, revoke, sync a
 * wrapped SOL account, or close an account into the person's own; the associated token program may only create
 * accounts; compute budget instructions are read for the priority fee, which has a ceiling.
 */

/** The most priority fee a transfer may pay, in lamports (0.001 SOL: far above what any transfer needs). */
export const MAX_PRIORITY_FEE = 1_000_000n;
/** What Solana assumes when no SetComputeUnitLimit says otherwise: per instruction, and at most. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

export type ReadInstructionsParameters = {
  transaction: DecodedSolanaTransaction;
  /** The person's base58 address. */
  person: string;
  /** The chosen amount in base units: the most any approval may allow. */
  amount: bigint;
  /** Programs of the bridges offered, pinned by this build. */
  bridgePrograms?: readonly string[];
};

export type ReadInstructionsReturnType = {
  refusals: SolanaTransactionRefused[];
  /** What the compute budget instructions make the transaction pay on top of the base fee, in lamports. */
  priorityFee: bigint;
};

const u8 = (data: Uint8Array, offset: number): number | undefined => data[offset];
const u32 = (data: Uint8Array, offset: number): bigint | undefined =>
  data.length >= offset + 4 ? BigInt(new DataView(data.buffer, data.byteOffset).getUint32(offset, true)) : undefined;
const u64 = (data: Uint8Array, offset: number): bigint | undefined =>
  data.length >= offset + 8 ? new DataView(data.buffer, data.byteOffset).getBigUint64(offset, true) : undefined;

export function readInstructions({
  transaction,
  person,
  amount,
  bridgePrograms = [],
}: ReadInstructionsParameters): ReadInstructionsReturnType {
  const refusals: SolanaTransactionRefused[] = [];
  const refuse = (...args: ConstructorParameters<typeof SolanaTransactionRefused>) =>
    refusals.push(new SolanaTransactionRefused(...args));
  if (transaction.usesLookupTables) refuse('LOOKUP_TABLES', i18n.t('solanaCheck.lookupTables'));
  if (transaction.feePayer !== person) {
    refuse('FEE_PAYER', i18n.t('solanaCheck.feePayer', [transaction.feePayer, person]));
  }
  let unitPrice = 0n;
  let unitLimit: bigint | undefined;
  let counted = 0n;
  const bridges = new Set(bridgePrograms);
  for (const instruction of transaction.instructions) {
    const { program, data } = instruction;
    if (!KNOWN_PROGRAMS.has(program) && !bridges.has(program)) {
      refuse('UNKNOWN_PROGRAM', i18n.t('solanaCheck.program', [program]));
      continue;
    }
    if (program !== COMPUTE_BUDGET_PROGRAM) counted += 1n;
    if (program === SYSTEM_PROGRAM) {
      // Transfer (2): lamports from a signer to an address; the simulation says whose and how much.
      if (u32(data, 0) !== 2n || data.length !== 12)
        refuse('SYSTEM_INSTRUCTION', i18n.t('solanaCheck.systemInstruction'));
    } else if (TOKEN_PROGRAMS.includes(program)) {
      readTokenInstruction(instruction, person, amount, refuse);
    } else if (program === ASSOCIATED_TOKEN_PROGRAM) {
      // Create (empty or 0) and CreateIdempotent (1); RecoverNested (2) moves another account's tokens.
      const kind = u8(data, 0);
      if (data.length > 1 || (kind !== undefined && kind > 1)) {
        refuse('TOKEN_INSTRUCTION', i18n.t('solanaCheck.tokenInstruction', [String(kind)]));
      }
    } else if (program === COMPUTE_BUDGET_PROGRAM) {
      const kind = u8(data, 0);
      if (kind === 2) unitLimit = u32(data, 1);
      else if (kind === 3) unitPrice = u64(data, 1) ?? 0n;
    } else if (MEMO_PROGRAMS.includes(program)) {
      // Words only.
    }
  }
  const units = unitLimit ?? minBig(counted * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS);
  // Micro-lamports per unit, rounded up as the runtime does.
  const priorityFee = (unitPrice * minBig(units, MAX_UNITS) + 999_999n) / 1_000_000n;
  if (priorityFee > MAX_PRIORITY_FEE) {
    refuse('PRIORITY_FEE', i18n.t('solanaCheck.priorityFee', [String(priorityFee), String(MAX_PRIORITY_FEE)]));
  }
  return { refusals, priorityFee };
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** SPL Token and Token-2022 share these instructions' layouts (the base instructions, discriminator first). */
function readTokenInstruction(
  { accounts, data }: SolanaInstruction,
  person: string,
  amount: bigint,
  refuse: (...args: ConstructorParameters<typeof SolanaTransactionRefused>) => void,
): void {
  const kind = u8(data, 0);
  switch (kind) {
    // Transfer, TransferChecked: the simulation compares what moved with the choice.
    case 3:
    case 12:
    // Revoke and SyncNative take authority away or only recount wrapped SOL.
    case 5:
    case 17:
      return;
    // Approve (source, delegate, owner), ApproveChecked (source, mint, delegate, owner).
    case 4:
    case 13: {
      const allowed = u64(data, 1) ?? 0n;
      const delegate = (kind === 4 ? accounts[1] : accounts[2]) ?? '';
      if (allowed > amount) {
        refuse('APPROVE', i18n.t('solanaCheck.approve', [delegate, String(allowed), String(amount)]));
      }
      return;
    }
    case 6:
      refuse('SET_AUTHORITY', i18n.t('solanaCheck.setAuthority', [accounts[0] ?? '']));
      return;
    // CloseAccount (account, destination, authority): only into the person's own account.
    case 9: {
      const destination = accounts[1] ?? '';
      if (destination !== person) {
        refuse('CLOSE_ACCOUNT', i18n.t('solanaCheck.closeAccount', [accounts[0] ?? '', destination]));
      }
      return;
    }
    default:
      refuse('TOKEN_INSTRUCTION', i18n.t('solanaCheck.tokenInstruction', [String(kind)]));
  }
}
