import { i18n } from '#i18n';
import { GAS_ON_ARRIVAL_TOOL } from '../checks/choice';
import { shownMinimum } from '../checks/rate';
import { formatAmount } from '../format/amount';
import { usdValue } from '../format/usd';
import type { FeeCost, GasCost, Route } from '../schemas/route';
import { stepsOf } from '../signing/routeSteps';
import { FEE_COLLECTION_TOOL, routeFeeShares } from './routeFees';

export type RouteTag = 'best return' | 'fastest' | 'cheapest';

export type RouteSummary = {
  id: string;
  toolName: string;
  toolLogoURI?: string;
  toSymbol: string;
  toAmount: string;
  toAmountMin: string;
  toAmountUSD?: number;
  fromAmountUSD?: number;
  /** Every fee the route lists, in USD: what the card shows as fees. */
  feesUSD: number;
  gasUSD: number;
  /** Gas by the chain it is paid on, in the order the route lists it: a route signed on two chains pays on both. */
  gasByChain: { chainId: string; usd: number }[];
  /**
   * The part of the amount bought as the destination's native coin (gas on arrival), apart from the transfer's own
   * path: "plus ~0.00075 ETH for gas on OP Mainnet".
   */
  gasOnArrival?: { amount: string; symbol: string; chainId: string };
  /**
   * What leaves the person, in USD: the amount sent, the gas, and the fees charged on top of the amount. A fee with
   * `included: true` is already taken out of the amount received, so it is not counted a second time.
   */
  spentUSD?: number;
  /** Each fee share the route charges, in our words (routeFees.ts), in USD when known. */
  fees: { name: string; usd: number | undefined }[];
  /** Seconds, when the route says. */
  duration?: number;
  /** Each step with what goes in and comes out: "Swap 1.5 USDT → 1.49 USDC via Uniswap". */
  steps: string[];
  /** How many times the person signs: more than 1 for a route whose later steps run once the earlier have arrived. */
  signatures: number;
  /**
   * The tokens the value passes through, first to last ("USDT → USDC → USDC"): what tells similar routes apart. Gas on
   * arrival is no part of it (it is said apart, `gasOnArrival`), or USDC would seem swapped to ETH and back.
   */
  path: string;
  /**
   * The market's move: 1 − (received USD + the fees taken out of it) / sent USD, so the fees, shown as fees, are
   * not counted again here. Undefined when a price is unknown, or a fee taken from the amount has no USD value.
   */
  priceImpact?: number;
  /** received USD / spentUSD; undefined when prices are unknown. */
  valueRatio?: number;
};

const num = (s: string | undefined): number | undefined => {
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
};

const sum = (items: { amountUSD?: string }[] | undefined) =>
  (items ?? []).reduce((total, item) => total + (num(item.amountUSD) ?? 0), 0);

/** USD of the fees the route takes out of the amount received; undefined when one of them has no USD value. */
function includedFeesUSD(fees: FeeCost[]): number | undefined {
  let total = 0;
  for (const fee of fees) {
    if (!fee.included) continue;
    const usd = num(fee.amountUSD) ?? usdOf(fee.amount, fee.token);
    if (usd === undefined) return undefined;
    total += usd;
  }
  return total;
}

/** USD of a token amount from the token's price, when the estimate does not carry it. */
function usdOf(amount: string | undefined, token: { decimals: number; priceUSD?: string } | undefined) {
  return amount === undefined || !token ? undefined : usdValue(BigInt(amount), token);
}

/**
 * "Swap 1.5 USDT → 1.49 USDC via Uniswap", in the catalog's words (popup.step.*). LI.FI's fee step (tool
 * `feeCollection`, named "Integrator Fee") is said as the fees it takes; a step of another kind by its tool alone.
 */
function stepText(type: string, amounts: string, tool: string): string {
  const text =
    type === 'gas'
      ? i18n.t('popup.step.gas', [amounts, tool])
      : type === 'fees'
        ? i18n.t('popup.step.fees', [amounts])
        : type === 'swap'
          ? i18n.t('popup.step.swap', [amounts, tool])
          : type === 'cross' || type === 'bridge'
            ? i18n.t('popup.step.bridge', [amounts, tool])
            : i18n.t('popup.step.other', [amounts, tool]);
  return text.replace(/\s+/g, ' ');
}

/**
 * What a route card shows. Routes reach here verified against the person's choice (background and routes slice);
 * the minimum is the one the guard enforces, derived from the amount shown and the person's slippage, never the
 * service's `toAmountMin` (which is only a fallback when no slippage is known).
 */
export function summarizeRoute(route: Route, slippage?: number): RouteSummary {
  const { estimate, action } = route;
  const toToken = action?.toToken;
  const decimals = toToken?.decimals ?? 18;
  const toAmountUSD = num(estimate.toAmountUSD) ?? usdOf(estimate.toAmount, toToken);
  const fromAmountUSD =
    num(estimate.fromAmountUSD) ?? usdOf(estimate.fromAmount ?? action?.fromAmount, action?.fromToken);
  const feeCosts = estimate.feeCosts ?? [];
  const feesUSD = sum(feeCosts);
  const gasUSD = sum(estimate.gasCosts);
  const spent =
    fromAmountUSD === undefined ? undefined : fromAmountUSD + sum(feeCosts.filter((fee) => !fee.included)) + gasUSD;
  const takenFromAmount = includedFeesUSD(feeCosts);
  const included = route.includedSteps ?? [];
  // Gas on arrival is received too (the destination's native coin, for the person): no part of a loss.
  const gasOnArrivalUSD = included
    .filter((step) => step.tool === GAS_ON_ARRIVAL_TOOL)
    .reduce(
      (total, step) =>
        total + (num(step.estimate.toAmountUSD) ?? usdOf(step.estimate.toAmount, step.action.toToken) ?? 0),
      0,
    );
  const receivedUSD = toAmountUSD === undefined ? undefined : toAmountUSD + gasOnArrivalUSD;
  const steps = included.map((step) => {
    const { fromToken, toToken: out, fromAmount } = step.action;
    const sent = `${formatAmount(fromAmount, fromToken.decimals)} ${fromToken.symbol}`;
    const got = `${formatAmount(step.estimate.toAmount, out.decimals)} ${out.symbol}`;
    const type = step.tool === GAS_ON_ARRIVAL_TOOL ? 'gas' : step.tool === FEE_COLLECTION_TOOL ? 'fees' : step.type;
    return stepText(type, `${sent} → ${got}`, step.toolDetails?.name ?? step.tool);
  });
  const transfer = included.filter((step) => step.tool !== GAS_ON_ARRIVAL_TOOL);
  const pathTokens = transfer.length
    ? [transfer[0]!.action.fromToken.symbol, ...transfer.map((step) => step.action.toToken.symbol)]
    : [action?.fromToken.symbol ?? '', toToken?.symbol ?? ''];
  const gasStep = included.find((step) => step.tool === GAS_ON_ARRIVAL_TOOL);
  return {
    id: route.id,
    toolName: route.toolDetails?.name ?? route.tool,
    toolLogoURI: route.toolDetails?.logoURI,
    toSymbol: toToken?.symbol ?? '',
    toAmount: formatAmount(estimate.toAmount, decimals),
    toAmountMin: formatAmount(
      slippage === undefined
        ? (estimate.toAmountMin ?? estimate.toAmount)
        : shownMinimum(BigInt(estimate.toAmount), slippage).toString(),
      decimals,
    ),
    toAmountUSD,
    fromAmountUSD,
    feesUSD,
    gasUSD,
    gasByChain: gasByChain(estimate.gasCosts ?? []),
    ...(gasStep
      ? {
          gasOnArrival: {
            amount: formatAmount(gasStep.estimate.toAmount, gasStep.action.toToken.decimals),
            symbol: gasStep.action.toToken.symbol,
            chainId: String(gasStep.action.toToken.chainId),
          },
        }
      : {}),
    spentUSD: spent,
    fees: routeFeeShares(route).map((share) => ({ name: share.label, usd: share.usd })),
    path: pathTokens.join(' → '),
    signatures: stepsOf(route).length,
    priceImpact:
      receivedUSD !== undefined && fromAmountUSD !== undefined && fromAmountUSD > 0 && takenFromAmount !== undefined
        ? 1 - (receivedUSD + takenFromAmount) / fromAmountUSD
        : undefined,
    duration: estimate.executionDuration,
    steps: steps.length
      ? steps
      : [
          stepText(
            route.type === 'swap' ? 'swap' : 'bridge',
            action
              ? `${formatAmount(estimate.fromAmount ?? action.fromAmount, action.fromToken.decimals)} ${action.fromToken.symbol} → ${formatAmount(estimate.toAmount, decimals)} ${toToken?.symbol ?? ''}`
              : '',
            route.toolDetails?.name ?? route.tool,
          ),
        ],
    valueRatio: receivedUSD !== undefined && spent ? receivedUSD / spent : undefined,
  };
}

/** Gas summed per chain it is paid on (each cost's token is that chain's coin). */
function gasByChain(costs: GasCost[]): RouteSummary['gasByChain'] {
  const byChain = new Map<string, number>();
  for (const cost of costs) {
    const chainId = String(cost.token.chainId);
    byChain.set(chainId, (byChain.get(chainId) ?? 0) + (num(cost.amountUSD) ?? 0));
  }
  return [...byChain].map(([chainId, usd]) => ({ chainId, usd }));
}

/** The value-loss warning threshold from the domain guide: under 90 % of what goes in comes out. */
export const VALUE_LOSS_THRESHOLD = 0.9;

export function losesValue(summary: RouteSummary): boolean {
  return summary.valueRatio !== undefined && summary.valueRatio < VALUE_LOSS_THRESHOLD;
}

/** Tags by comparing routes: highest output, shortest duration, lowest gas + fees. Ties go to the first listed. */
export function tagRoutes(routes: Route[]): Map<string, RouteTag[]> {
  const tags = new Map<string, RouteTag[]>(routes.map((r) => [r.id, []]));
  if (routes.length === 0) return tags;
  const pick = (score: (r: Route) => number | undefined, better: (a: number, b: number) => boolean, tag: RouteTag) => {
    let best: { id: string; value: number } | undefined;
    for (const route of routes) {
      const value = score(route);
      if (value === undefined) continue;
      if (!best || better(value, best.value)) best = { id: route.id, value };
    }
    if (best) tags.get(best.id)?.push(tag);
  };
  pick(
    (r) => Number(r.estimate.toAmount),
    (a, b) => a > b,
    'best return',
  );
  pick(
    (r) => r.estimate.executionDuration,
    (a, b) => a < b,
    'fastest',
  );
  pick(
    (r) =>
      r.estimate.gasCosts || r.estimate.feeCosts ? sum(r.estimate.gasCosts) + sum(r.estimate.feeCosts) : undefined,
    (a, b) => a < b,
    'cheapest',
  );
  return tags;
}
