import { i18n } from '#i18n';
import { decodeSolanaTokenAccount, type SolanaTokenAccount } from '../../chains/readSolanaTokenAccounts';
import type { SimulatedAccount, SimulateSolanaTransactionReturnType } from '../../chains/simulateSolanaTransaction';
import type { DecodedSolanaTransaction } from './decodeSolanaTransaction';
import { SolanaTransactionRefused } from './errors';
import { isNativeSol } from './programs';
import type { SolanaSourceChoice } from './solanaChoice';

/**
 * What the simulation through the trusted Solana RPC shows the transaction does, compared with the choice:
 * - of the person's token accounts (read before, and after in the simulation's `accounts`), only the chosen token
 *   goes down, by exactly the chosen amount; none changes hands, keeps a new delegate or a new close authority;
 * - the person's lamports go down by no more than the fee, the rent of the accounts it creates (at most their
 *   rent-exempt minimum) and, for SOL, the chosen amount;
 * - the chosen token (or SOL) reaches exactly one other owner, the deposit, by exactly the chosen amount.
 */

/** Solana's rent: lamports per byte-year, two years for exemption, 128 bytes of account overhead. */
const rentExempt = (space: bigint) => (space + 128n) * 3_480n * 2n;
/** The base fee of each signature, in lamports. */
const LAMPORTS_PER_SIGNATURE = 5_000n;

export type SolanaEffectsParameters = {
  transaction: DecodedSolanaTransaction;
  choice: SolanaSourceChoice;
  /** The person's token accounts before, from the trusted RPC. */
  before: readonly SolanaTokenAccount[];
  simulation: SimulateSolanaTransactionReturnType;
  /** The simulation's `accounts` by the address asked for (the person's, their token accounts, the writable ones). */
  after: ReadonlyMap<string, SimulatedAccount>;
  priorityFee: bigint;
  /** The trusted RPC's host, named when its simulation leaves out the balances this compares. */
  rpcHost: string;
};

export type SolanaEffects =
  | { ok: true; depositAddress: string; deposited: bigint; fee: bigint; rent: bigint }
  | { ok: false; refusals: SolanaTransactionRefused[] };

export function solanaEffects({
  transaction,
  choice,
  before,
  simulation,
  after: afterOf,
  priorityFee,
  rpcHost,
}: SolanaEffectsParameters): SolanaEffects {
  const refusals: SolanaTransactionRefused[] = [];
  const refuse = (...args: ConstructorParameters<typeof SolanaTransactionRefused>) =>
    refusals.push(new SolanaTransactionRefused(...args));
  const person = choice.fromAddress;
  const { preBalances, postBalances, preTokenBalances, postTokenBalances } = simulation;
  if (!preBalances || !postBalances || !preTokenBalances || !postTokenBalances) {
    return {
      ok: false,
      refusals: [
        new SolanaTransactionRefused('SIM_UNAVAILABLE', i18n.t('solanaCheck.simulationUnavailable', [rpcHost])),
      ],
    };
  }
  const sol = isNativeSol(choice.fromToken);

  // The person's token accounts: what left them, by mint, and what authority they keep.
  const left = new Map<string, bigint>();
  for (const account of before) {
    const raw = afterOf.get(account.address);
    const after = raw ? decodeSolanaTokenAccount(account.address, raw.owner, raw.data) : undefined;
    left.set(account.mint, (left.get(account.mint) ?? 0n) + account.amount - (after?.amount ?? 0n));
    if (!after) continue;
    if (after.owner !== person) refuse('SET_AUTHORITY', i18n.t('solanaCheck.setAuthority', [account.address]));
    const newDelegate =
      after.delegate !== undefined &&
      after.delegatedAmount > 0n &&
      (after.delegate !== account.delegate || after.delegatedAmount > account.delegatedAmount);
    if (newDelegate)
      refuse('AUTHORITY_LEFT', i18n.t('solanaCheck.authorityLeft', [after.delegate ?? '', account.address]));
    if (
      after.closeAuthority !== account.closeAuthority &&
      after.closeAuthority !== undefined &&
      after.closeAuthority !== person
    ) {
      refuse('AUTHORITY_LEFT', i18n.t('solanaCheck.authorityLeft', [after.closeAuthority, account.address]));
    }
  }
  for (const [mint, amount] of left) {
    if (amount <= 0n) continue;
    if (!sol && mint === choice.fromToken) {
      if (amount !== choice.fromAmount) {
        refuse('AMOUNT', i18n.t('solanaCheck.amount', [String(amount), String(choice.fromAmount)]));
      }
    } else {
      refuse('OTHER_TOKEN', i18n.t('solanaCheck.otherToken', [String(amount), mint]));
    }
  }
  if (!sol && !left.has(choice.fromToken)) refuse('NO_DEPOSIT', i18n.t('solanaCheck.noDeposit'));

  // Lamports: the fee, the rent of new accounts, and SOL's amount; nothing more.
  const keys = transaction.accounts;
  let rent = 0n;
  keys.forEach((key, index) => {
    if (!transaction.writable.has(key) || (preBalances[index] ?? 0n) !== 0n) return;
    const created = postBalances[index] ?? 0n;
    if (created === 0n) return;
    const space = afterOf.get(key)?.space;
    // A token account (165 bytes) unless read otherwise: an account funded beyond its rent is a payment, not rent.
    const cap = rentExempt(space ?? 165n);
    if (!(sol && created === choice.fromAmount)) rent += created < cap ? created : cap;
  });
  const fee = LAMPORTS_PER_SIGNATURE * BigInt(transaction.signerCount) + priorityFee;
  const spent = (preBalances[0] ?? 0n) - (postBalances[0] ?? 0n);
  const allowed = fee + rent + (sol ? choice.fromAmount : 0n);
  if (spent > allowed) refuse('LAMPORTS', i18n.t('solanaCheck.lamports', [String(spent), String(allowed)]));

  // Who received the chosen token (or SOL), besides the person.
  const gains = new Map<string, bigint>();
  if (sol) {
    keys.forEach((key, index) => {
      if (key === person) return;
      const gained = (postBalances[index] ?? 0n) - (preBalances[index] ?? 0n);
      // New accounts' rent is not a deposit.
      if (gained > 0n && !((preBalances[index] ?? 0n) === 0n && gained !== choice.fromAmount)) gains.set(key, gained);
    });
  } else {
    for (const post of postTokenBalances) {
      if (post.mint !== choice.fromToken || post.owner === undefined || post.owner === person) continue;
      const pre = preTokenBalances.find((b) => b.accountIndex === post.accountIndex)?.amount ?? 0n;
      if (post.amount > pre) gains.set(post.owner, (gains.get(post.owner) ?? 0n) + post.amount - pre);
    }
  }
  const receivers = [...gains.entries()].sort((a, b) => (a[1] > b[1] ? -1 : 1));
  const [deposit, ...others] = receivers;
  if (!deposit) {
    refuse('NO_DEPOSIT', i18n.t('solanaCheck.noDeposit'));
  } else {
    for (const [owner] of others) refuse('PAID_ELSEWHERE', i18n.t('solanaCheck.paidElsewhere', [owner, deposit[0]]));
    if (deposit[1] !== choice.fromAmount) {
      refuse(
        'DEPOSIT_AMOUNT',
        i18n.t('solanaCheck.depositAmount', [String(deposit[1]), deposit[0], String(choice.fromAmount)]),
      );
    }
  }
  if (refusals.length > 0 || !deposit) return { ok: false, refusals: dedupe(refusals) };
  return { ok: true, depositAddress: deposit[0], deposited: deposit[1], fee, rent };
}

/** One refusal per sentence: two checks that see the same wrong say it once. */
function dedupe(refusals: SolanaTransactionRefused[]): SolanaTransactionRefused[] {
  const seen = new Set<string>();
  return refusals.filter((r) => !seen.has(r.shortMessage) && seen.add(r.shortMessage));
}
