import * as v from 'valibot';
import { AmountSchema, ChainIdLooseSchema, DecimalStringSchema } from '../primitives';
import {
  ActionSchema,
  IncludedStepSchema,
  QuoteEstimateSchema,
  RouteTokenSchema,
  StepActionSchema,
  StepTransactionRequestSchema,
  ToolDetailsSchema,
  TransactionRequestSchema,
  UnavailableRoutesSchema,
} from '../route';

/**
 * LI.FI's `LiFiStep` (routes' steps, the quote, the stepTransaction answer). LI.FI always sends the step's estimate
 * with fromAmount and toAmountMin. `transactionRequest` only comes with a quote or a populated step.
 */
export const LifiStepSchema = v.looseObject({
  id: v.string(),
  type: v.string(),
  tool: v.string(),
  toolDetails: v.optional(v.nullable(ToolDetailsSchema)),
  action: ActionSchema,
  estimate: QuoteEstimateSchema,
  includedSteps: v.optional(v.nullable(v.array(IncludedStepSchema))),
  integrator: v.optional(v.string()),
  transactionRequest: v.optional(v.nullable(TransactionRequestSchema)),
});

/** GET /v1/quote: a step with its transaction. */
export const LifiQuoteSchema = v.looseObject({
  ...LifiStepSchema.entries,
  transactionRequest: TransactionRequestSchema,
});

/** POST /v1/advanced/stepTransaction: the step sent, populated with both addresses and a transaction with gas. */
export const LifiStepTransactionSchema = v.looseObject({
  ...LifiStepSchema.entries,
  action: StepActionSchema,
  transactionRequest: StepTransactionRequestSchema,
});

/**
 * A route: totals at the top, the work in `steps` (one signature each). `tags` carry LI.FI's labels (CHEAPEST,
 * FASTEST, and the deprecated RECOMMENDED / SAFEST still seen in answers): open-ended strings.
 */
export const LifiRouteSchema = v.looseObject({
  id: v.string(),
  fromChainId: ChainIdLooseSchema,
  fromAmountUSD: v.optional(DecimalStringSchema),
  fromAmount: AmountSchema,
  fromToken: RouteTokenSchema,
  toChainId: ChainIdLooseSchema,
  toAmountUSD: v.optional(DecimalStringSchema),
  toAmount: AmountSchema,
  toAmountMin: AmountSchema,
  toToken: RouteTokenSchema,
  gasCostUSD: v.optional(DecimalStringSchema),
  containsSwitchChain: v.optional(v.boolean()),
  steps: v.pipe(v.array(LifiStepSchema), v.minLength(1, 'a route needs at least one step')),
  tags: v.optional(v.array(v.string())),
});

export const LifiRoutesResponseSchema = v.looseObject({
  routes: v.array(LifiRouteSchema),
  unavailableRoutes: v.optional(UnavailableRoutesSchema),
});

export type LifiStep = v.InferOutput<typeof LifiStepSchema>;
export type LifiRoute = v.InferOutput<typeof LifiRouteSchema>;
export type LifiRoutesResponse = v.InferOutput<typeof LifiRoutesResponseSchema>;
