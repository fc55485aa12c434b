import { createSolanaRpc, isSignature, type Signature } from '@solana/kit';
import { i18n } from '#i18n';
import { hostOf } from '../chains/chainReadError';
import type { ArrivalCheck, ArrivalParams } from './arrivalCheck';
import { judgeAmount } from './arrivalCheck';

/**
 * An arrival on Solana, read through the Solana JSON-RPC the extension trusts, with @solana/kit's RPC client: one
 * `getTransaction` at `confirmed` commitment. The transaction must exist and have succeeded (`meta.err` null); what
 * reached the recipient is the change of its balances the node recorded around the transaction:
 * - an SPL token: `postTokenBalances` less `preTokenBalances` over every token account of that mint the recipient
 *   owns (an account created by the transaction has no pre balance);
 * - SOL: the recipient's lamports after less before (plus the fee when the recipient paid it: that is its own
 *   spending, not less arriving).
 */

/** How LI.FI and the catalog name SOL itself: the zero address, or the System Program. */
const SOL = new Set(['0x0000000000000000000000000000000000000000', '11111111111111111111111111111111']);

type TokenBalance = { mint: string; owner?: string; uiTokenAmount: { amount: string } };

export async function readSolanaArrival(
  rpcUrl: string,
  params: ArrivalParams,
  options: { timeoutMs?: number } = {},
): Promise<ArrivalCheck> {
  const rpcHost = hostOf(rpcUrl);
  // Not a signature at all: it cannot name a transaction on Solana.
  if (!isSolanaSignature(params.txHash)) return { kind: 'contradicted', reason: 'notFound', rpcHost };
  const rpc = createSolanaRpc(rpcUrl);
  let transaction: Awaited<ReturnType<ReturnType<typeof rpc.getTransaction>['send']>>;
  try {
    transaction = await rpc
      .getTransaction(params.txHash, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send({ abortSignal: AbortSignal.timeout(options.timeoutMs ?? 8_000) });
  } catch {
    // Said in words with where to fix it: the browser's own "Failed to fetch" tells a person nothing.
    return { kind: 'unreadable', reason: 'rpcFailed', rpcHost, detail: i18n.t('rpc.solanaSilent', [rpcHost]) };
  }
  if (transaction === null) return { kind: 'contradicted', reason: 'notFound', rpcHost };
  const meta = transaction.meta;
  if (meta === null) return { kind: 'unreadable', reason: 'rpcFailed', rpcHost, detail: 'the transaction has no meta' };
  if (meta.err !== null) return { kind: 'contradicted', reason: 'reverted', rpcHost };

  const pre = meta.preTokenBalances ?? [];
  const post = meta.postTokenBalances ?? [];
  const recipient = params.recipient;
  const keys = [
    ...transaction.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  const lamportsGained = (index: number) => {
    if (index < 0) return 0n;
    const change = (meta.postBalances[index] ?? 0n) - (meta.preBalances[index] ?? 0n);
    // Index 0 pays the fee.
    return index === 0 ? change + meta.fee : change;
  };

  if (SOL.has(params.token)) {
    const gained = lamportsGained(keys.indexOf(recipient as (typeof keys)[number]));
    const judged = judgeAmount(gained, params.minAmount, 'balanceChange', rpcHost);
    if (judged) return judged;
    const gotToken = [...mintsGained(pre, post, (owner) => owner === recipient).values()].some((x) => x > 0n);
    return { kind: 'contradicted', reason: gotToken ? 'wrongToken' : 'noTransfer', amount: 0n, rpcHost };
  }

  const toRecipient = mintsGained(pre, post, (owner) => owner === recipient).get(params.token) ?? 0n;
  const judged = judgeAmount(toRecipient, params.minAmount, 'balanceChange', rpcHost);
  if (judged) return judged;
  // Per owner: the sender's own account goes down by what another owner's goes up.
  const owners = new Set([...pre, ...post].flatMap((b) => (b.owner && b.owner !== recipient ? [b.owner] : [])));
  const toOthers = [...owners].some(
    (other) => (mintsGained(pre, post, (owner) => owner === other).get(params.token) ?? 0n) > 0n,
  );
  if (toOthers) return { kind: 'contradicted', reason: 'wrongRecipient', amount: 0n, rpcHost };
  const otherMint = [...mintsGained(pre, post, (owner) => owner === recipient)].some(
    ([mint, gained]) => mint !== params.token && gained > 0n,
  );
  const gotSol = lamportsGained(keys.indexOf(recipient as (typeof keys)[number])) > 0n;
  if (otherMint || gotSol) return { kind: 'contradicted', reason: 'wrongToken', amount: 0n, rpcHost };
  return { kind: 'contradicted', reason: 'noTransfer', amount: 0n, rpcHost };
}

/** A base58 signature of 64 bytes. Only base58 text reaches kit's check, which throws on other characters. */
function isSolanaSignature(value: string): value is Signature {
  return /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value) && isSignature(value);
}

/**
 * Per mint, what the token accounts whose owner passes `owners` hold after the transaction less before. An account
 * without an owner in the answer (old nodes) is nobody's: it never counts for the recipient.
 */
function mintsGained(
  pre: readonly TokenBalance[],
  post: readonly TokenBalance[],
  owners: (owner: string) => boolean,
): Map<string, bigint> {
  const gained = new Map<string, bigint>();
  const add = (list: readonly TokenBalance[], sign: bigint) => {
    for (const balance of list) {
      if (balance.owner === undefined || !owners(balance.owner)) continue;
      const amount = /^[0-9]{1,40}$/.test(balance.uiTokenAmount.amount) ? BigInt(balance.uiTokenAmount.amount) : 0n;
      gained.set(balance.mint, (gained.get(balance.mint) ?? 0n) + sign * amount);
    }
  };
  add(post, 1n);
  add(pre, -1n);
  return gained;
}
