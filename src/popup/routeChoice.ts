import type { Route } from '../schemas/route';
import { stepsOf } from '../signing/routeSteps';

/** Every tool a route uses, by key: the route's own, each signed step's, and each step inside them. */
export function toolsOf(route: Route): Set<string> {
  const keys = new Set<string>([route.tool]);
  for (const step of route.includedSteps ?? []) keys.add(step.tool);
  for (const step of route.steps ?? []) {
    keys.add(step.tool);
    for (const inner of step.includedSteps ?? []) keys.add(inner.tool);
  }
  return keys;
}

/**
 * Routes through no tool the person set to "Never". LI.FI filters them itself; a service speaking the spec filters
 * bridges only, so an exchange set to "Never" would still come back inside its routes: filtered here for both.
 */
export function withoutDenied(routes: Route[], deny: readonly string[] | undefined): Route[] {
  if (!deny?.length) return routes;
  const denied = new Set(deny);
  return routes.filter((route) => ![...toolsOf(route)].some((key) => denied.has(key)));
}

/** Outputs within this fraction of each other count as the same output (quotes differ by rounding). */
const SAME_OUTPUT = 0.001;

type Facts = {
  route: Route;
  index: number;
  output: bigint;
  tools: string;
  signatures: number;
  /** Gas and the fees charged on top of the amount, in USD: what a route costs beyond what it returns. */
  cost: number;
  detour: boolean;
};

const usd = (items: { amountUSD?: string; included?: boolean }[] | undefined) =>
  (items ?? []).filter((item) => !item.included).reduce((total, item) => total + (Number(item.amountUSD) || 0), 0);

/**
 * The tokens a route passes through, as chain:address (symbol when no address), first to last; a token that appears
 * again after the route left it is a detour (USDC → WBTC → USDC): it pays two swaps to end where it started.
 */
type Hop = { action?: { fromToken: { symbol: string }; toToken: { symbol: string } } };

function isDetour(route: Route): boolean {
  const steps: Hop[] = route.includedSteps ?? route.steps?.flatMap((step): Hop[] => step.includedSteps ?? [step]) ?? [];
  const symbols = steps.length
    ? [steps[0]!.action?.fromToken?.symbol, ...steps.map((step) => step.action?.toToken?.symbol)]
    : [];
  const left = new Set<string>();
  let current: string | undefined;
  for (const symbol of symbols) {
    if (symbol === undefined || symbol === current) continue;
    if (left.has(symbol)) return true;
    if (current !== undefined) left.add(current);
    current = symbol;
  }
  return false;
}

function factsOf(route: Route, index: number): Facts {
  return {
    route,
    index,
    output: BigInt(route.estimate.toAmount),
    tools: [...toolsOf(route)].sort().join('+'),
    signatures: stepsOf(route).length,
    cost: usd(route.estimate.gasCosts) + usd(route.estimate.feeCosts),
    detour: isDetour(route),
  };
}

/** `a` returns at least about what `b` returns (within SAME_OUTPUT), or more. */
const atLeast = (a: bigint, b: bigint) => a * 1000n >= b * BigInt(1000 - SAME_OUTPUT * 1000);
const sameOutput = (a: bigint, b: bigint) => atLeast(a, b) && atLeast(b, a);

/**
 * Why `r` is not worth choosing beside `s`, if it is not: the same tools for the same output at no lower cost
 * (ties go to the one listed first), a detour returning no more than a route without one, or more signatures and
 * no less gas for no more output.
 */
function hiddenBy(r: Facts, s: Facts): boolean {
  if (r.tools === s.tools && sameOutput(r.output, s.output)) {
    return s.cost < r.cost || (s.cost === r.cost && s.index < r.index);
  }
  if (r.detour && !s.detour && atLeast(s.output, r.output)) return true;
  return r.signatures > s.signatures && atLeast(s.output, r.output) && s.cost <= r.cost;
}

/**
 * The routes worth choosing, in the service's order, and the rest (shown on request): a route is left for later when
 * a route already kept is plainly as good (hiddenBy). Routes are weighed best first (most output, then least cost),
 * so two routes can never hide each other. `keep` (the selected route) is always among those worth choosing.
 */
export function worthChoosing(routes: Route[], keep?: string): { shown: Route[]; rest: Route[] } {
  const ranked = routes
    .map(factsOf)
    .sort((a, b) => (a.output !== b.output ? (a.output > b.output ? -1 : 1) : a.cost - b.cost || a.index - b.index));
  const kept: Facts[] = [];
  const hidden = new Set<string>();
  for (const r of ranked) {
    if (r.route.id !== keep && kept.some((s) => hiddenBy(r, s))) hidden.add(r.route.id);
    else kept.push(r);
  }
  return {
    shown: routes.filter((route) => !hidden.has(route.id)),
    rest: routes.filter((route) => hidden.has(route.id)),
  };
}
