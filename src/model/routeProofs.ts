import type { PromisedFigure } from '../checks/routers/types';

/**
 * What the route search could prove of the figures a bridge alone sets (src/background/provenRoutes.ts), carried
 * with the routes to the popup.
 */
export type RouteProofs = {
  /** By route id: the figures of a listed route only the bridge promises (listed only with the opt-in). */
  unproven: Record<string, PromisedFigure[]>;
  /** Routes not listed because such a figure could not be proven (the opt-in is off). */
  leftOut: number;
};

/** Receiver, chain, token and minimum: the figures a person must be able to believe. */
export const TRANSFER_FIGURES: readonly PromisedFigure[] = [
  'receiver',
  'destinationChain',
  'receivingToken',
  'minAmountOut',
];
