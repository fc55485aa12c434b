import * as v from 'valibot';
import { ChainAddressSchema } from './chainAddress';
import {
  AddressSchema,
  AmountSchema,
  ChainIdLooseSchema,
  DecimalStringSchema,
  HexDataSchema,
  QuantitySchema,
} from './primitives';
import { tokenVerificationEntries } from './tokenVerification';

/** Token as embedded in routes and status (no price or coinKey required). */
export const RouteTokenSchema = v.looseObject({
  address: ChainAddressSchema,
  chainId: ChainIdLooseSchema,
  symbol: v.string(),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  name: v.string(),
  logoURI: v.optional(v.string()),
  priceUSD: v.optional(DecimalStringSchema),
  coinKey: v.optional(v.string()),
  ...tokenVerificationEntries,
});

/** Only address, chainId, symbol and decimals are shown for fee tokens. */
export const FeeTokenSchema = v.looseObject({
  address: ChainAddressSchema,
  chainId: ChainIdLooseSchema,
  symbol: v.string(),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  name: v.optional(v.string()),
  priceUSD: v.optional(DecimalStringSchema),
});

/**
 * Who takes a fee item (LI.FI's `FeeCost.feeSplit`, `@lifi/types` 17.90): LI.FI's and the integrator's slices of the
 * item's amount, an intermediary's when one takes part, and per recipient (`type` FIXED, SHARED, DYNAMIC,
 * INTERMEDIARY, DISTRIBUTION, open-ended; `name` is `lifi`, the integrator's id, the intermediary's, or an address).
 */
export const FeeSplitSchema = v.looseObject({
  lifiFee: AmountSchema,
  integratorFee: AmountSchema,
  intermediaryFee: v.optional(AmountSchema),
  recipients: v.optional(
    v.array(
      v.looseObject({
        name: v.pipe(v.string(), v.maxLength(64)),
        fee: AmountSchema,
        type: v.optional(v.string()),
        walletAddress: v.optional(v.string()),
      }),
    ),
  ),
});

/**
 * Required flags inside fee items are "not shown" by the spec: we require what a client cannot do without
 * (name, token, amount) and accept the rest as optional, as LI.FI's own SDK does.
 */
export const FeeCostSchema = v.looseObject({
  name: v.string(),
  description: v.optional(v.string()),
  token: FeeTokenSchema,
  amount: AmountSchema,
  amountUSD: v.optional(DecimalStringSchema),
  percentage: v.optional(DecimalStringSchema),
  included: v.optional(v.boolean()),
  feeSplit: v.optional(FeeSplitSchema),
});

/** `type` is open-ended (LI.FI uses SUM, APPROVE, SEND, FEE). */
export const GasCostSchema = v.looseObject({
  type: v.string(),
  price: v.optional(QuantitySchema),
  estimate: v.optional(QuantitySchema),
  limit: v.optional(QuantitySchema),
  amount: AmountSchema,
  amountUSD: v.optional(DecimalStringSchema),
  token: RouteTokenSchema,
});

const estimateEntries = {
  tool: v.optional(v.string()),
  fromAmount: v.optional(AmountSchema),
  toAmount: AmountSchema,
  toAmountMin: v.optional(AmountSchema),
  approvalAddress: v.optional(AddressSchema),
  executionDuration: v.optional(v.pipe(v.number(), v.minValue(0))),
  feeCosts: v.optional(v.array(FeeCostSchema)),
  gasCosts: v.optional(v.array(GasCostSchema)),
  fromAmountUSD: v.optional(DecimalStringSchema),
  toAmountUSD: v.optional(DecimalStringSchema),
};

/** Estimate as it may appear in a routes list item. */
export const EstimateSchema = v.looseObject(estimateEntries);

/** Estimate in a quote or a step transaction: fromAmount and toAmountMin are required. */
export const QuoteEstimateSchema = v.looseObject({
  ...estimateEntries,
  fromAmount: AmountSchema,
  toAmountMin: AmountSchema,
});

const actionEntries = {
  fromChainId: ChainIdLooseSchema,
  toChainId: ChainIdLooseSchema,
  fromToken: RouteTokenSchema,
  toToken: RouteTokenSchema,
  fromAmount: AmountSchema,
  slippage: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  fromAddress: v.optional(AddressSchema),
  toAddress: v.optional(ChainAddressSchema),
};

export const ActionSchema = v.looseObject(actionEntries);

/** In a step transaction both addresses are required. */
export const StepActionSchema = v.looseObject({
  ...actionEntries,
  fromAddress: AddressSchema,
  toAddress: ChainAddressSchema,
});

export const ToolDetailsSchema = v.looseObject({
  key: v.string(),
  name: v.string(),
  logoURI: v.optional(v.string()),
});

/**
 * Transaction request. `value` is hex in a quote and decimal in a step transaction response; the client accepts
 * both everywhere. `gasPrice` may be null in a step transaction.
 */
export const TransactionRequestSchema = v.looseObject({
  from: AddressSchema,
  to: AddressSchema,
  chainId: ChainIdLooseSchema,
  data: HexDataSchema,
  value: QuantitySchema,
  gasPrice: v.optional(v.nullable(QuantitySchema)),
  gasLimit: v.optional(QuantitySchema),
});

export const StepTransactionRequestSchema = v.looseObject({
  ...TransactionRequestSchema.entries,
  gasLimit: QuantitySchema,
});

/**
 * Fields of `includedSteps` items are not shown by the spec. We use LI.FI's step shape: each item is a step with
 * id, type, tool, toolDetails, action and estimate (all members validated loosely: only what the UI reads).
 */
export const IncludedStepSchema = v.looseObject({
  id: v.string(),
  type: v.string(),
  tool: v.string(),
  toolDetails: v.optional(v.nullable(ToolDetailsSchema)),
  action: ActionSchema,
  estimate: EstimateSchema,
});

/**
 * The service's own step behind an internal route, when its dialect has one (LI.FI's `LiFiStep`): kept as received
 * so stepTransaction can send it back unchanged. Opaque to everything but the adapter that made it.
 */
export const ServiceStepSchema = v.looseObject({ id: v.string() });

const routeEntries = {
  id: v.string(),
  type: v.optional(v.string()),
  tool: v.string(),
  toolDetails: v.optional(v.nullable(ToolDetailsSchema)),
  action: v.optional(ActionSchema),
  estimate: EstimateSchema,
  includedSteps: v.optional(v.nullable(v.array(IncludedStepSchema))),
  transactionRequest: v.optional(TransactionRequestSchema),
  serviceStep: v.optional(ServiceStepSchema),
};

/** One signature's worth of a route of several steps: a one-step route of its own. */
export const RouteStepSchema = v.looseObject({ ...routeEntries, action: ActionSchema });

/**
 * Item of the routes list: id, tool and estimate required, the rest may be omitted. A route that needs one
 * signature per step (LI.FI's multi-step routes: bridge, then swap on the destination) lists them in `steps`, each
 * a one-step route; its own fields then describe the whole transfer.
 */
export const RouteSchema = v.looseObject({
  ...routeEntries,
  steps: v.optional(v.pipe(v.array(RouteStepSchema), v.minLength(2), v.maxLength(4))),
});

/** GET /v1/quote response. */
export const QuoteSchema = v.looseObject({
  id: v.string(),
  type: v.string(),
  tool: v.string(),
  toolDetails: v.optional(v.nullable(ToolDetailsSchema)),
  action: ActionSchema,
  estimate: QuoteEstimateSchema,
  includedSteps: v.optional(v.nullable(v.array(IncludedStepSchema))),
  transactionRequest: TransactionRequestSchema,
});

/** LI.FI's `unavailableRoutes`, sent with an empty `routes` list when nothing is possible. */
export const UnavailableRoutesSchema = v.looseObject({
  filteredOut: v.optional(
    v.array(v.looseObject({ overallPath: v.optional(v.string()), reason: v.optional(v.string()) })),
  ),
  failed: v.optional(
    v.array(
      v.looseObject({
        overallPath: v.optional(v.string()),
        subpaths: v.optional(v.record(v.string(), v.array(v.looseObject({})))),
      }),
    ),
  ),
});

export const RoutesResponseSchema = v.looseObject({
  routes: v.array(RouteSchema),
  unavailableRoutes: v.optional(UnavailableRoutesSchema),
});

/** POST /v1/advanced/stepTransaction body: a step taken from the routes list. */
export const StepSchema = v.looseObject({
  id: v.string(),
  type: v.string(),
  tool: v.string(),
  toolDetails: v.optional(v.nullable(ToolDetailsSchema)),
  action: StepActionSchema,
  estimate: v.looseObject({ ...QuoteEstimateSchema.entries, tool: v.string() }),
  includedSteps: v.optional(v.nullable(v.array(IncludedStepSchema))),
  transactionRequest: v.optional(v.nullable(v.looseObject({}))),
  execution: v.optional(v.nullable(v.looseObject({}))),
  serviceStep: v.optional(ServiceStepSchema),
});

/** POST /v1/advanced/stepTransaction response. */
export const StepTransactionResponseSchema = v.looseObject({
  id: v.string(),
  type: v.string(),
  tool: v.string(),
  toolDetails: v.optional(v.nullable(ToolDetailsSchema)),
  action: StepActionSchema,
  estimate: QuoteEstimateSchema,
  includedSteps: v.optional(v.nullable(v.array(IncludedStepSchema))),
  transactionRequest: StepTransactionRequestSchema,
  execution: v.optional(v.nullable(v.looseObject({}))),
});

export type RouteToken = v.InferOutput<typeof RouteTokenSchema>;
export type FeeCost = v.InferOutput<typeof FeeCostSchema>;
export type FeeSplit = v.InferOutput<typeof FeeSplitSchema>;
export type GasCost = v.InferOutput<typeof GasCostSchema>;
export type Estimate = v.InferOutput<typeof EstimateSchema>;
export type QuoteEstimate = v.InferOutput<typeof QuoteEstimateSchema>;
export type Action = v.InferOutput<typeof ActionSchema>;
export type StepAction = v.InferOutput<typeof StepActionSchema>;
export type ToolDetails = v.InferOutput<typeof ToolDetailsSchema>;
export type TransactionRequest = v.InferOutput<typeof TransactionRequestSchema>;
export type IncludedStep = v.InferOutput<typeof IncludedStepSchema>;
export type Route = v.InferOutput<typeof RouteSchema>;
export type RouteStep = v.InferOutput<typeof RouteStepSchema>;
export type Quote = v.InferOutput<typeof QuoteSchema>;
export type RoutesResponse = v.InferOutput<typeof RoutesResponseSchema>;
export type UnavailableRoutes = v.InferOutput<typeof UnavailableRoutesSchema>;
export type Step = v.InferOutput<typeof StepSchema>;
export type StepTransactionResponse = v.InferOutput<typeof StepTransactionResponseSchema>;
