import { i18n } from '#i18n';
import { formatAmount } from '../format/amount';
import type { FeeCost, Route } from '../schemas/route';
import { routeFeeShares } from './routeFees';

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

/**
 * The route's fees by party, for the review: LI.FI, the integrator and any intermediary (summed over the items whose
 * `feeSplit` names them), each tool's fee in our words (src/popup/routeFees.ts), and the gas on each chain a step is
 * signed on. Rows of one
 * party in one token are added up; a party that takes nothing has no row.
 */
export function feePartyRows(route: Route, chainName: (chainId: string) => string): FeePartyRow[] {
  const parts: Part[] = routeFeeShares(route).map((share) => ({
    kind: share.party,
    label: share.label,
    token: share.token,
    amount: share.amount,
    usd: share.usd,
  }));
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
