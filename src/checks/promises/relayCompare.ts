import { i18n } from '#i18n';
import type { PromisedFigure } from '../routers/types';
import { relayChainId } from './relayChains';
import type { RelayOrder } from './relayOrder';
import { allProven, type PromiseProof, refusedProof } from './types';

/** What the transaction and the person's choice say a Relay order must be. */
export type RelayOrderExpectation = {
  /** The deposit the calldata makes: BridgeData's sending token (zero address: the native coin) and amount. */
  deposit: { chainId: number; token: `0x${string}`; amount: bigint };
  /** The person's account: every refund goes there. */
  account: `0x${string}`;
  /** What the person chose to receive, and the least the review shows. */
  toChainId: number;
  recipient: string;
  toToken: string;
  minimum: bigint;
};

/** The figures a RelayDepositoryFacet call leaves open, all of them proven by an order that passes. */
const RELAY_FIGURES: readonly PromisedFigure[] = ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Relay's order held to the transaction and the choice, field by field: one input, the deposit the calldata makes
 * on the chain it is made on; every refund to the person; the output on the chosen chain, one payment to the chosen
 * receiver in the chosen token, at least the minimum the review shows; no calls. Anything else is a refusal in words.
 * (The order's hash, solver and signature are checked before this: relayProof.ts.)
 */
export function compareRelayOrder(order: RelayOrder, expected: RelayOrderExpectation): PromiseProof {
  const sourceChain = relayChainId(expected.deposit.chainId);
  const targetChain = relayChainId(expected.toChainId);
  if (!sourceChain) return refusedProof(i18n.t('relayOrder.chainUnknown', [String(expected.deposit.chainId)]));
  if (!targetChain) return refusedProof(i18n.t('relayOrder.chainUnknown', [String(expected.toChainId)]));

  const [input, ...moreInputs] = order.inputs;
  if (!input || moreInputs.length > 0) return refusedProof(i18n.t('relayOrder.inputs', [String(order.inputs.length)]));
  const { payment } = input;
  if (
    payment.chainId !== sourceChain ||
    !same(payment.currency, expected.deposit.token) ||
    BigInt(payment.amount) !== expected.deposit.amount
  ) {
    return refusedProof(
      i18n.t('relayOrder.inputDiffers', [
        payment.amount,
        payment.currency,
        payment.chainId,
        String(expected.deposit.amount),
        expected.deposit.token,
      ]),
    );
  }
  const strayRefund = input.refunds.find((refund) => !same(refund.recipient, expected.account));
  if (strayRefund) return refusedProof(i18n.t('relayOrder.refund', [strayRefund.recipient]));

  const { output } = order;
  if (output.chainId !== targetChain) {
    return refusedProof(i18n.t('relayOrder.chain', [output.chainId, targetChain]));
  }
  const [paid, ...morePayments] = output.payments;
  if (!paid || morePayments.length > 0) {
    return refusedProof(i18n.t('relayOrder.payments', [String(output.payments.length)]));
  }
  if (!same(paid.recipient, expected.recipient)) {
    return refusedProof(i18n.t('relayOrder.recipient', [paid.recipient, expected.recipient]));
  }
  if (!same(paid.currency, expected.toToken)) {
    return refusedProof(i18n.t('relayOrder.currency', [paid.currency, expected.toToken]));
  }
  if (BigInt(paid.minimumAmount) < expected.minimum) {
    return refusedProof(i18n.t('relayOrder.minimum', [paid.minimumAmount, String(expected.minimum)]));
  }
  if (output.calls.length > 0) return refusedProof(i18n.t('relayOrder.calls', [String(output.calls.length)]));
  return allProven(RELAY_FIGURES);
}
