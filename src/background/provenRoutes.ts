import { i18n } from '#i18n';
import type { CandidateTransaction } from '../checks/guards';
import { nearIntentsConfig } from '../checks/promises/nearIntentsConfig';
import { proveNearIntentsStep } from '../checks/promises/nearIntentsStep';
import { proveRelayStep } from '../checks/promises/relayStep';
import type { PromiseProof, ProvenStepTransaction } from '../checks/promises/types';
import type { PromisedFigure } from '../checks/routers/types';
import { BaseError } from '../errors/base';
import type { TransferChoice } from '../model/choice';
import { type RouteProofs, TRANSFER_FIGURES } from '../model/routeProofs';
import type { RoutesRequest } from '../schemas/requests';
import type { Route, RoutesResponse, Step, StepTransactionResponse } from '../schemas/route';
import { routeToStep } from '../signing/routeStep';
import { stepsOf } from '../signing/routeSteps';
import { settingsItem } from '../storage/settings';
import type { RequestPriority } from './api/allowance';
import type { BackgroundDeps } from './deps';

/**
 * What cannot be proven is not offered by default. Some bridges' calls leave who receives, where, in which token
 * and how much to the bridge alone (their receiver sits in the bridge's own order or quote, off chain): such a
 * route is listed only when the bridge's owner proves those figures against the person's choice (NEAR Intents:
 * 1Click's signed quote), or when the person opted in to routes "whose receiver only the bridge promises"
 * (Settings), and then marked. A bridge whose signed quote contradicts the choice is refused, and not offered again
 * in the same search.
 */

/** LI.FI tools whose receiver, chain, token and minimum are set by the bridge alone (issue #40). */
const BRIDGE_SET: ReadonlySet<string> = new Set(['near', 'relay', 'relaydepository', 'symbiosis']);

export type StepProverInput = {
  tx: CandidateTransaction;
  /** What the step was asked to do. */
  choice: TransferChoice;
  /** The routing service's address (a development build's devnet owners answer beside it). */
  serviceUrl: string;
  /**
   * The least the step is to deliver: its transaction's `toAmountMin`, which the signing flow holds to the floor
   * shown (or asks the person about, when lower) — for a bridge whose calldata carries no minimum (Relay).
   */
  minimum: bigint;
  signal?: AbortSignal;
};
/** Proves a step transaction's open figures with the bridge's owner; undefined when the call is not its kind. */
export type StepProver = (input: StepProverInput) => Promise<PromiseProof | undefined>;

/** Relay's order, asked of Relay's own API at the address fixed in this build (src/checks/promises/relayStep.ts). */
function proveRelay({ tx, choice, minimum, signal }: StepProverInput): Promise<PromiseProof | undefined> {
  return proveRelayStep({ tx, choice, minimum, ...(signal ? { signal } : {}) });
}

/**
 * The provers by LI.FI tool key. Symbiosis has none: its receiver sits inside Symbiosis' nested MetaRouter
 * calldata, which this extension does not decode reliably, so its figures stay unproven.
 */
export const STEP_PROVERS: Record<string, StepProver> = {
  relay: proveRelay,
  relaydepository: proveRelay,
  near: ({ tx, choice, serviceUrl, signal }) =>
    proveNearIntentsStep({ tx, choice, config: nearIntentsConfig(serviceUrl), signal }),
};

/**
 * Whether a step's bridge alone sets its figures. Only LI.FI's steps (with their serviceStep) reach these bridges'
 * facets; the spec's router pays its own devnet bridges of those names as the spec says, with no order or quote to
 * prove, and its calldata names receiver, chain, token and minimum for the guard to check.
 */
function bridgeSetsFigures(step: { tool: string; serviceStep?: unknown }): boolean {
  return step.serviceStep !== undefined && BRIDGE_SET.has(step.tool);
}

/** The figures a bridge alone sets in `route`, before any proof. */
export function bridgeSetFigures(route: Route): readonly PromisedFigure[] {
  const signed: readonly { serviceStep?: unknown }[] = route.steps ?? [route];
  if (!signed.some((step) => step.serviceStep)) return [];
  return stepsOf(route).some((step) => BRIDGE_SET.has(step.tool)) ? TRANSFER_FIGURES : [];
}

/** Whether the person asked to see routes whose figures only the bridge promises. */
export async function showsUnproven(): Promise<boolean> {
  return (await settingsItem.getValue()).showUnprovenRoutes === true;
}

/** The choice a step answers: its own chains, tokens and amount, the person's sender and receiver. */
export function stepChoice(step: Step, senderAddress: string, recipientAddress: string): TransferChoice {
  const { action } = step;
  return {
    fromChainId: Number(action.fromChainId),
    toChainId: Number(action.toChainId),
    fromToken: action.fromToken.address as `0x${string}`,
    toToken: action.toToken.address,
    fromAmount: BigInt(action.fromAmount),
    fromAddress: senderAddress as `0x${string}`,
    toAddress: recipientAddress,
    slippage: action.slippage ?? 0,
  };
}

/** A step transaction's proof by its tool's prover; a bridge-set tool without one proves nothing. */
export async function proveStepTransaction(
  tool: string,
  response: StepTransactionResponse,
  choice: TransferChoice,
  serviceUrl: string,
  signal?: AbortSignal,
): Promise<PromiseProof | undefined> {
  if (!BRIDGE_SET.has(tool)) return undefined;
  const prover = STEP_PROVERS[tool];
  const proof = prover
    ? await prover({
        tx: response.transactionRequest,
        choice,
        serviceUrl,
        minimum: BigInt(response.estimate.toAmountMin),
        signal,
      })
    : undefined;
  return proof ?? { ok: true, proven: [], unproven: TRANSFER_FIGURES };
}

type RouteVerdict =
  | { kind: 'proven' }
  | { kind: 'unproven'; figures: PromisedFigure[] }
  | { kind: 'refused'; reason: string };

/**
 * Verdicts of a search's bridges, by the search's choice and the bridge's tool. A refused tool is never offered again
 * in the search, its refreshes included; a proven or unproven one is not asked again either: each proof costs a step
 * transaction, and LI.FI allows a keyless caller 50 of those per two hours, which a popup left open (a refresh every
 * 30 s) would otherwise spend on proofs rather than on the transfers they are for. The step is proven again with its
 * own transaction right before the review (provenStep). A search lasts while the popup shows its routes; after a
 * quarter of an hour the same choice is a new search.
 */
const judgedInSearch = new Map<string, { at: number; tools: Map<string, RouteVerdict> }>();
const REMEMBERED_SEARCHES = 50;
const SEARCH_LIFETIME_MS = 15 * 60_000;
const searchKey = (request: RoutesRequest) =>
  JSON.stringify([
    request.fromChainId,
    request.toChainId,
    request.fromTokenAddress.toLowerCase(),
    request.toTokenAddress,
    request.fromAmount,
    request.fromAddress?.toLowerCase(),
    request.toAddress,
  ]);

function judgedOf(request: RoutesRequest): Map<string, RouteVerdict> | undefined {
  const entry = judgedInSearch.get(searchKey(request));
  return entry && Date.now() - entry.at < SEARCH_LIFETIME_MS ? entry.tools : undefined;
}

function remember(request: RoutesRequest, tool: string, verdict: RouteVerdict) {
  const key = searchKey(request);
  const tools = judgedOf(request) ?? new Map<string, RouteVerdict>();
  tools.set(tool, verdict);
  judgedInSearch.delete(key);
  judgedInSearch.set(key, { at: Date.now(), tools });
  if (judgedInSearch.size > REMEMBERED_SEARCHES) judgedInSearch.delete(judgedInSearch.keys().next().value as string);
}

/** Forgets every search's verdicts (tests). */
export function forgetSearchVerdicts() {
  judgedInSearch.clear();
}

/**
 * One route's figures at search time: each bridge-set step's transaction is asked for now (with the search's
 * sender and receiver) and proven with the bridge's owner. Only a route's first step can be asked for before the
 * person signs anything; figures of a later bridge-set step stay unproven until its own turn. A proof is asked only
 * above the transfer's reserve of step transactions, and never for the explorer card (a page view every minute or
 * two would spend LI.FI's keyless allowance): the card lists what an earlier search of the same choice proved.
 */
async function judgeRoute(
  deps: Pick<BackgroundDeps, 'api'>,
  route: Route,
  request: RoutesRequest,
  serviceUrl: string,
  priority: RequestPriority,
  signal?: AbortSignal,
): Promise<RouteVerdict> {
  const open = bridgeSetFigures(route);
  if (open.length === 0) return { kind: 'proven' };
  const steps = stepsOf(route);
  const judged = judgedOf(request);
  const refused = steps.map((step) => judged?.get(step.tool)).find((verdict) => verdict?.kind === 'refused');
  if (refused) return refused;
  const sender = request.fromAddress;
  const receiver = request.toAddress ?? sender;
  const first = steps[0];
  if (
    !sender ||
    !receiver ||
    !first ||
    !STEP_PROVERS[first.tool] ||
    steps.slice(1).some((s) => BRIDGE_SET.has(s.tool))
  ) {
    return { kind: 'unproven', figures: [...open] };
  }
  const earlier = judged?.get(first.tool);
  if (earlier) return earlier;
  if (priority === 'card') return { kind: 'unproven', figures: [...open] };
  // Routes of one search through the same bridge wait for one proof.
  const key = `${searchKey(request)} ${first.tool}`;
  const pending = proving.get(key);
  if (pending) return pending;
  const proof = proveFirstStep(deps, first, request, { sender, receiver, serviceUrl, open, signal }).finally(() =>
    proving.delete(key),
  );
  proving.set(key, proof);
  return proof;
}

/** Proofs asked for and not yet answered, by search and tool. */
const proving = new Map<string, Promise<RouteVerdict>>();

async function proveFirstStep(
  deps: Pick<BackgroundDeps, 'api'>,
  first: Route,
  request: RoutesRequest,
  asked: {
    sender: string;
    receiver: string;
    serviceUrl: string;
    open: readonly PromisedFigure[];
    signal: AbortSignal | undefined;
  },
): Promise<RouteVerdict> {
  const { sender, receiver, serviceUrl, open, signal } = asked;
  try {
    const step = routeToStep(first, sender as `0x${string}`, receiver);
    const response = await deps.api.getStepTransaction({
      step,
      senderAddress: sender,
      recipientAddress: receiver,
      signal,
      priority: 'proof',
    });
    const proof = await proveStepTransaction(
      first.tool,
      response,
      stepChoice(step, sender, receiver),
      serviceUrl,
      signal,
    );
    const verdict: RouteVerdict = !proof
      ? { kind: 'proven' }
      : !proof.ok
        ? { kind: 'refused', reason: proof.reason }
        : proof.unproven.length
          ? { kind: 'unproven', figures: [...proof.unproven] }
          : { kind: 'proven' };
    remember(request, first.tool, verdict);
    return verdict;
  } catch {
    // Not remembered: a failed request (or an allowance kept for transfers) may answer on the next refresh.
    return { kind: 'unproven', figures: [...open] };
  }
}

/**
 * The search's routes with what could be proven of the figures a bridge alone sets: unproven routes left out
 * (counted) unless the person opted in, then kept and marked; refused ones dropped with the reason; under
 * "Safest", proven routes ranked above unproven ones, each group in the service's order (fewest steps first).
 */
export async function proveRoutes(
  deps: Pick<BackgroundDeps, 'api'>,
  response: RoutesResponse,
  request: RoutesRequest,
  signal?: AbortSignal,
  priority: RequestPriority = 'transfer',
): Promise<RoutesResponse & { routeProofs?: RouteProofs }> {
  if (!response.routes.some((route) => bridgeSetFigures(route).length > 0)) return response;
  const [showUnproven, serviceUrl] = await Promise.all([showsUnproven(), deps.api.source()]);
  const verdicts = await Promise.all(
    response.routes.map((route) => judgeRoute(deps, route, request, serviceUrl, priority, signal)),
  );
  const proofs: RouteProofs = { unproven: {}, leftOut: 0 };
  const kept: { route: Route; open: number }[] = [];
  const refused: { overallPath: string; reason: string }[] = [];
  response.routes.forEach((route, index) => {
    const verdict = verdicts[index]!;
    if (verdict.kind === 'refused') {
      console.warn(`[routes] refused route ${route.id} (${route.tool}): ${verdict.reason}`);
      refused.push({
        overallPath: route.tool,
        reason: `BRIDGE_CONTRADICTS: ${i18n.t('provenRoutes.refused', [verdict.reason])}`,
      });
    } else if (verdict.kind === 'unproven' && !showUnproven) proofs.leftOut++;
    else {
      if (verdict.kind === 'unproven') proofs.unproven[route.id] = verdict.figures;
      kept.push({ route, open: verdict.kind === 'unproven' ? verdict.figures.length : 0 });
    }
  });
  // "Safest" ranks by what this extension proves, then by the service's order (fewest steps first).
  if (request.options?.order === 'SAFETY') kept.sort((a, b) => a.open - b.open);
  const unavailable = response.unavailableRoutes ?? {};
  return {
    ...response,
    routes: kept.map((k) => k.route),
    ...(refused.length
      ? { unavailableRoutes: { ...unavailable, filteredOut: [...(unavailable.filteredOut ?? []), ...refused] } }
      : {}),
    routeProofs: proofs,
  };
}

/**
 * The proof of a step transaction right before the review or the wallet: a contradiction is refused in words; a
 * figure left unproven is refused unless the person opted in to such routes (the review then names it).
 */
export async function provenStep(
  api: Pick<BackgroundDeps['api'], 'source'>,
  step: Step,
  response: StepTransactionResponse,
  choice: TransferChoice,
): Promise<ProvenStepTransaction> {
  if (!bridgeSetsFigures(step)) return response;
  const proof = await proveStepTransaction(step.tool, response, choice, await api.source());
  if (!proof) return response;
  if (!proof.ok) throw new BaseError(i18n.t('wallet.blocked', [proof.reason]));
  if (proof.unproven.length > 0 && !(await showsUnproven())) {
    throw new BaseError(i18n.t('wallet.blocked', [i18n.t('provenRoutes.notProven')]));
  }
  return { ...response, proven: [...proof.proven] };
}
