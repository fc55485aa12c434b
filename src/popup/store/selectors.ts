import { sameChoice } from '../../model/choice';
import type { ExecutionPhase, ExecutionRecord } from '../../model/transfer';
import type { Chain, Token } from '../../schemas/catalog';
import type { Route } from '../../schemas/route';
import { checkForm, type FormCheck } from '../validation';
import type { PopupState } from './types';

let lastInputs: unknown[] = [];
let lastCheck: FormCheck | undefined;

/** Validation of the form, memoised on its inputs (components and the routes slice call it on every change). */
/** A chain the person can send from: one their EVM wallet signs for (Solana is a destination only). */
export const isSourceChain = (chain: Chain) => chain.chainType === 'EVM';

export function selectFormCheck(s: PopupState): FormCheck {
  const inputs = [
    s.fromChainId,
    s.fromToken,
    s.toChainId,
    s.toToken,
    s.amountText,
    s.balance,
    s.recipientText,
    s.account,
    s.accountIsContract,
    s.chains,
    s.solanaCheck,
    s.evmChecksum,
    s.ens,
  ];
  if (lastCheck && inputs.every((x, i) => x === lastInputs[i])) return lastCheck;
  lastInputs = inputs;
  lastCheck = checkForm({
    fromChainId: s.fromChainId,
    fromToken: s.fromToken,
    toChainId: s.toChainId,
    toToken: s.toToken,
    amountText: s.amountText,
    balance: s.balance,
    recipientText: s.recipientText,
    toChainType: selectChain(s, s.toChainId)?.chainType,
    solanaCheck: s.solanaCheck,
    evmChecksum: s.evmChecksum,
    account: s.account,
    accountIsContract: s.accountIsContract,
    ens: s.ens,
  });
  return lastCheck;
}

export const selectChain = (s: PopupState, id: number | undefined): Chain | undefined =>
  id === undefined ? undefined : s.chains.find((c) => c.id === id);

/**
 * The listed routes were found for exactly what the form says now (chains, tokens, amount, sender, recipient,
 * slippage). While they were found for earlier details (typing, a new search held by the rate limit), they are not
 * what the screen says and must not be sent.
 */
export const selectRoutesMatchForm = (s: PopupState): boolean => sameChoice(s.routesChoice, s.currentChoice());

/**
 * The form sends from one chain to another: the main button says Bridge, not Swap, from the moment both chains are
 * chosen, before any route arrives and while the service is down.
 */
export const selectCrossChain = (s: PopupState): boolean =>
  s.fromChainId !== undefined && s.toChainId !== undefined && s.fromChainId !== s.toChainId;

export const selectSelectedRoute = (s: PopupState): Route | undefined =>
  s.routes.find((r) => r.id === s.selectedRouteId) ?? s.routes[0];

/** The chain's native coin as a Token, the default pick when a chain is chosen. */
export function nativeTokenOf(chain: Chain): Token {
  const native = chain.nativeToken;
  return {
    address: native.address,
    chainId: String(chain.id),
    symbol: native.symbol,
    decimals: native.decimals,
    name: native.name,
    logoURI: native.logoURI,
    priceUSD: native.priceUSD,
  };
}

/** Sending, or reviewing what will be sent: the form and the routes hold still meanwhile. */
export const isBusy = (s: PopupState) =>
  s.reviewing || (s.stage !== 'idle' && s.stage !== 'done' && s.stage !== 'failed');

/** The background's execution this popup follows (its progress, its rate question, its next step). */
export const selectFollowedExecution = (s: PopupState) => s.executions.find((e) => e.id === s.executionId);

/**
 * What is being sent, or was by the send the panel still shows: the followed execution's choice and route, else
 * the one just handed over. Undefined once the form is back (its amount is forgotten, e2e/afterSending.test.ts).
 */
export const selectSending = (s: PopupState): PopupState['handedOver'] =>
  s.stage === 'idle' ? undefined : (selectFollowedExecution(s)?.execution ?? s.handedOver);

/** Phases of a confirmed transfer that cannot go on without the person (a failed one waits in Activity only). */
const BANNER_PHASES: ReadonlySet<ExecutionPhase> = new Set(['needsSignature', 'needsRate', 'interrupted']);

/**
 * The newest transfer the Transfer tab's banner offers to continue (WaitingBanner), unless the progress below already
 * shows it with its own Continue.
 */
export const selectBannerExecution = (s: PopupState): ExecutionRecord | undefined =>
  s.executions.find((e) => BANNER_PHASES.has(e.execution.phase) && !(e.id === s.executionId && s.stage !== 'idle'));
