import { usdValue } from '../format/usd';
import type { FeeCost } from '../schemas/route';
import { type FeeKind, feeKind, isIntegratorFeeName, isLifiFeeName } from './feeKind';

/** Who takes a share of a route's fees: LI.FI, the integrator, an intermediary, or the tool (bridge or exchange). */
export type FeeParty = 'lifi' | 'integrator' | 'intermediary' | 'tool';

/** One party's share of one fee item, in the item's token; `usd` the item's USD in proportion, when known. */
export type FeeShare = {
  party: FeeParty;
  /** The integrator's or intermediary's name as LI.FI gives it, or the tool's fee name ('—' when none is given). */
  name: string;
  /** A tool's share: what it pays for, as far as the item's name and description tell (src/model/feeKind.ts). */
  kind?: FeeKind;
  token: FeeCost['token'];
  amount: bigint;
  usd: number | undefined;
};

/** A slice of a fee item, its USD value the item's in proportion (or the token's price when the item has none). */
function usdOf(fee: FeeCost, amount: bigint): number | undefined {
  const whole = BigInt(fee.amount);
  const itemUsd = fee.amountUSD === undefined ? undefined : Number(fee.amountUSD);
  if (itemUsd !== undefined && Number.isFinite(itemUsd) && whole > 0n)
    return (itemUsd * Number(amount)) / Number(whole);
  return usdValue(amount, fee.token);
}

/** The integrator's name as LI.FI's recipients give it (not LI.FI, an intermediary or a distribution address). */
function integratorName(fee: FeeCost): string {
  const recipient = fee.feeSplit?.recipients?.find(
    (r) => r.name !== 'lifi' && r.type !== 'INTERMEDIARY' && r.type !== 'DISTRIBUTION',
  );
  return recipient?.name ?? '—';
}

/**
 * One fee item split by who takes it: LI.FI's `feeSplit` where LI.FI gives one (LI.FI, the integrator, any
 * intermediary, and what is left the tool's), the whole item the tool's otherwise, or LI.FI's or the integrator's
 * where the item without a split is named so ("LIFI Fixed Fee", "Integrator Fee"). Parties taking nothing are left out.
 * The routing service's figures: what it says each party takes, never read on chain.
 */
export function feeShares(fee: FeeCost): FeeShare[] {
  const amount = BigInt(fee.amount);
  const split = fee.feeSplit;
  const share = (party: FeeParty, name: string, part: bigint): FeeShare => {
    const kind = party === 'tool' ? feeKind(name, fee.description) : undefined;
    return { party, name, ...(kind ? { kind } : {}), token: fee.token, amount: part, usd: usdOf(fee, part) };
  };
  if (!split) {
    if (isLifiFeeName(fee.name)) return [share('lifi', 'LI.FI', amount)];
    if (isIntegratorFeeName(fee.name)) return [share('integrator', '—', amount)];
    return [share('tool', fee.name, amount)];
  }
  const lifi = BigInt(split.lifiFee);
  const integrator = BigInt(split.integratorFee);
  const intermediary = BigInt(split.intermediaryFee ?? '0');
  const rest = amount - lifi - integrator - intermediary;
  const intermediaryName = split.recipients?.find((r) => r.type === 'INTERMEDIARY')?.name ?? '—';
  return [
    share('lifi', 'LI.FI', lifi),
    share('integrator', integratorName(fee), integrator),
    share('intermediary', intermediaryName, intermediary),
    // What LI.FI's split leaves of the item is the tool's own (LI.FI itemises its fee apart, so usually nothing).
    share('tool', fee.name, rest > 0n ? rest : 0n),
  ].filter((s) => s.amount > 0n);
}

/** A fee share as a transfer record keeps it (amounts as base-unit strings, so it stores and compares as data). */
export type StoredFeeShare = {
  party: FeeParty;
  name: string;
  /** Kept where the item's description told it (records before 2026-11-29 have none: the name is read again). */
  kind?: FeeKind;
  amount: string;
  symbol: string;
  decimals: number;
  token: string;
  usd?: string;
};

/** The shares of a step's fee items, as a record keeps them. */
export function storedFeeShares(fees: readonly FeeCost[] | undefined): StoredFeeShare[] {
  return (fees ?? []).flatMap(feeShares).map((share) => ({
    party: share.party,
    name: share.name,
    ...(share.kind ? { kind: share.kind } : {}),
    amount: share.amount.toString(),
    symbol: share.token.symbol,
    decimals: share.token.decimals,
    token: share.token.address,
    ...(share.usd !== undefined ? { usd: share.usd.toFixed(2) } : {}),
  }));
}
