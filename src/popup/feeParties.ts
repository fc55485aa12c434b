import { i18n } from '#i18n';
import { formatAmount } from '../format/amount';
import { usdValue } from '../format/usd';
import type { FeeCost, Route } from '../schemas/route';

/** Who a row of the review's fees goes to: LI.FI, the integrator, an intermediary, a tool (bridge or exchange), gas. */
export type FeePartyKind = 'lifi' | 'integrator' | 'intermediary' | 'tool' | 'gas';

export type FeePartyRow = {
  kind: FeePartyKind;
  label: string;
  /** The amount in its token, formatted with its symbol. */
  amount: string;
  usd: number | undefined;
};

type Token = FeeCost['token'];
type Part = { kind: FeePartyKind; label: string; token: Token; amount: bigint; usd: number | undefined };

/** A slice of a fee item, its USD value the item's in proportion (or the token's price when the item has none). */
function slice(fee: FeeCost, amount: bigint): number | undefined {
  const whole = BigInt(fee.amount);
  const itemUsd = fee.amountUSD === undefined ? undefined : Number(fee.amountUSD);
  if (itemUsd !== undefined && Number.isFinite(itemUsd) && whole > 0n)
    return (itemUsd * Number(amount)) / Number(whole);
  return fee.token.priceUSD === undefined ? undefined : usdValue(amount, fee.token);
}

/** The integrator's name as LI.FI's recipients give it (not LI.FI, an intermediary or a distribution address). */
function integratorName(fee: FeeCost): string {
  const recipient = fee.feeSplit?.recipients?.find(
    (r) => r.name !== 'lifi' && r.type !== 'INTERMEDIARY' && r.type !== 'DISTRIBUTION',
  );
  return recipient?.name ?? '—';
}

/** One fee item split by who takes it: LI.FI's feeSplit where LI.FI gives one, the whole item its tool's otherwise. */
function feeParts(fee: FeeCost): Part[] {
  const amount = BigInt(fee.amount);
  const split = fee.feeSplit;
  if (!split) return [{ kind: 'tool', label: fee.name, token: fee.token, amount, usd: slice(fee, amount) }];
  const lifi = BigInt(split.lifiFee);
  const integrator = BigInt(split.integratorFee);
  const intermediary = BigInt(split.intermediaryFee ?? '0');
  const rest = amount - lifi - integrator - intermediary;
  const intermediaryName = split.recipients?.find((r) => r.type === 'INTERMEDIARY')?.name ?? '—';
  const parts: Part[] = [
    {
      kind: 'lifi',
      label: i18n.t('popup.review.feeParties.lifi'),
      token: fee.token,
      amount: lifi,
      usd: slice(fee, lifi),
    },
    {
      kind: 'integrator',
      label: i18n.t('popup.review.feeParties.integrator', [integratorName(fee)]),
      token: fee.token,
      amount: integrator,
      usd: slice(fee, integrator),
    },
    {
      kind: 'intermediary',
      label: i18n.t('popup.review.feeParties.intermediary', [intermediaryName]),
      token: fee.token,
      amount: intermediary,
      usd: slice(fee, intermediary),
    },
  ];
  // What LI.FI's split leaves of the item is the tool's own (LI.FI itemises its fee apart, so usually nothing).
  if (rest > 0n) parts.push({ kind: 'tool', label: fee.name, token: fee.token, amount: rest, usd: slice(fee, rest) });
  return parts.filter((part) => part.amount > 0n);
}

/**
 * The route's fees by party, for the review: LI.FI, the integrator and any intermediary (summed over the items whose
 * `feeSplit` names them), each tool's own fee by its name, and the gas on each chain a step is signed on. Rows of one
 * party in one token are added up; a party that takes nothing has no row.
 */
export function feePartyRows(route: Route, chainName: (chainId: string) => string): FeePartyRow[] {
  const parts = (route.estimate.feeCosts ?? []).flatMap(feeParts);
  for (const gas of route.estimate.gasCosts ?? []) {
    parts.push({
      kind: 'gas',
      label: i18n.t('popup.review.feeParties.gasOn', [chainName(String(gas.token.chainId))]),
      token: gas.token,
      amount: BigInt(gas.amount),
      usd: gas.amountUSD === undefined ? undefined : Number(gas.amountUSD),
    });
  }
  const rows = new Map<string, Part>();
  for (const part of parts) {
    const key = `${part.kind}|${part.label}|${part.token.chainId}|${part.token.address.toLowerCase()}`;
    const seen = rows.get(key);
    rows.set(
      key,
      seen
        ? {
            ...seen,
            amount: seen.amount + part.amount,
            usd: seen.usd === undefined || part.usd === undefined ? undefined : seen.usd + part.usd,
          }
        : part,
    );
  }
  return [...rows.values()].map((part) => ({
    kind: part.kind,
    label: part.label,
    amount: `${formatAmount(part.amount.toString(), part.token.decimals)} ${part.token.symbol}`,
    usd: part.usd,
  }));
}

/** Whether the service said who takes its fees (LI.FI's feeSplit): then the review shows them by party. */
export const hasFeeSplit = (route: Route): boolean =>
  (route.estimate.feeCosts ?? []).some((fee) => fee.feeSplit !== undefined);
