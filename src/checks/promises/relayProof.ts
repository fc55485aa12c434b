import { i18n } from '#i18n';
import { sameAddress } from '../../lib/addresses';
import type { PromisedFigure } from '../routers/types';
import type { RelayApiAnswer } from './relayApi';
import { readRelayOrder } from './relayApi';
import { compareRelayOrder, type RelayOrderExpectation } from './relayCompare';
import { RelayOrderEncodingError, relayOrderId, relayOrderSigner } from './relayOrder';
import { type PromiseProof, refusedProof } from './types';

/** The figures a RelayDepositoryFacet call leaves to Relay's order. */
export const RELAY_OPEN_FIGURES: readonly PromisedFigure[] = [
  'receiver',
  'destinationChain',
  'receivingToken',
  'minAmountOut',
];

export type ProveRelayOrderParameters = {
  /** The `orderId` the calldata deposits against. */
  orderId: `0x${string}`;
  /** What Relay's own API answered for it (relayApi.ts), untrusted until proven here. */
  answer: RelayApiAnswer;
  expected: RelayOrderExpectation;
  /** Relay's solver this build pins (relayConfig.ts). */
  solver: `0x${string}`;
};

/**
 * A Relay order proven with Relay itself: the order its API returns must hash to the calldata's `orderId` (so it IS
 * the order the deposit is made against), name the solver this build pins, and carry that solver's signature over
 * the id where the API gives one; then it is compared field by field with the transaction and the choice
 * (relayCompare.ts). An API that does not answer, knows no such order or answers what cannot be read proves
 * nothing: the figures stay the bridge's promise (the route is left out unless the person opted in). An answer that
 * is a different order, another solver's or wrongly signed is a forgery, and an order that pays anyone else,
 * elsewhere, in another token or less is a contradiction: both are refused.
 */
export async function proveRelayOrder(parameters: ProveRelayOrderParameters): Promise<PromiseProof> {
  const { orderId, answer, solver } = parameters;
  const unproven = (why: string): PromiseProof => {
    console.warn(`[relay] order ${orderId} not proven: ${why}`);
    return { ok: true, proven: [], unproven: RELAY_OPEN_FIGURES };
  };
  if (answer.kind === 'unreachable') return unproven(i18n.t('relayOrder.unreachable', [answer.reason]));
  if (answer.orders.length === 0) return unproven(i18n.t('relayOrder.notFound', [orderId]));
  let refusal: PromiseProof | undefined;
  for (const listed of answer.orders) {
    const read = readRelayOrder(listed.order);
    if (!read.ok) {
      console.warn(`[relay] ${i18n.t('relayOrder.unreadable', [read.reason])}`);
      continue;
    }
    let hashed: `0x${string}`;
    try {
      hashed = relayOrderId(read.order);
    } catch (error) {
      if (!(error instanceof RelayOrderEncodingError)) throw error;
      console.warn(`[relay] ${i18n.t('relayOrder.unreadable', [error.message])}`);
      continue;
    }
    if (hashed.toLowerCase() !== orderId.toLowerCase()) {
      refusal = refusedProof(i18n.t('relayOrder.hashMismatch', [hashed, orderId]));
      continue;
    }
    if (!sameAddress(read.order.solver, solver)) {
      return refusedProof(i18n.t('relayOrder.wrongSolver', [read.order.solver, solver]));
    }
    if (listed.orderSignature !== undefined) {
      const signer = relayOrderSigner(orderId, listed.orderSignature as `0x${string}`);
      if (!signer || !sameAddress(signer, solver)) return refusedProof(i18n.t('relayOrder.badSignature'));
    }
    return compareRelayOrder(read.order, parameters.expected);
  }
  return refusal ?? unproven(i18n.t('relayOrder.notFound', [orderId]));
}
