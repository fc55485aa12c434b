import type { StepTransactionResponse } from '../../schemas/route';
import type { PromisedFigure } from '../routers/types';

/**
 * What a proof by the bridge's owner made of the figures a call's calldata leaves open (DecodedRouterCall.promised):
 * a table generated from the owner's published source, a contract read through the trusted RPC, or the bridge's
 * own signed order. One shape for every bridge, so the review and the signing flow treat them alike.
 *
 * - `ok: true`: `proven` figures were checked against the person's choice and agree; `unproven` ones remain the
 *   bridge's promise (the review names them); both lists hold only figures the decoder left open.
 * - `ok: false`: a figure was proven and does NOT agree with the choice (or the proof could not be read where the
 *   figure must be proven): `reason` says which, in words, and the transaction is refused before the wallet.
 */
export type PromiseProof =
  | { ok: true; proven: readonly PromisedFigure[]; unproven: readonly PromisedFigure[] }
  | { ok: false; reason: string };

/** Every open figure proven. */
export const allProven = (figures: readonly PromisedFigure[]): PromiseProof => ({
  ok: true,
  proven: figures,
  unproven: [],
});

export const refusedProof = (reason: string): PromiseProof => ({ ok: false, reason });

/**
 * A step transaction with what its bridge's owner proved (src/background/provenRoutes.ts): the figures the review
 * then names no more, and the native fee read from the bridge's own contract, which the simulation allows to leave
 * the account beside the chosen token, exactly, and the review states.
 */
export type ProvenStepTransaction = StepTransactionResponse & {
  proven?: PromisedFigure[];
  nativeFee?: ProvenNativeFee;
};

/** A bridge's fee in the native coin beside the amount, as its own contract states it, and that contract. */
export type ProvenNativeFee = { amount: bigint; payee: `0x${string}` };
