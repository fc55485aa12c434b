import * as v from 'valibot';
import { RouteTokenSchema } from '../route';
import { LegSchema } from '../status';

/**
 * A leg's token: LI.FI's recorded answers leave out `name` (and more) on tokens in status legs, which the internal
 * model requires; the adapter fills it from the symbol.
 */
const LifiLegTokenSchema = v.looseObject({ ...RouteTokenSchema.entries, name: v.optional(v.string()) });
const LifiLegSchema = v.looseObject({ ...LegSchema.entries, token: v.optional(LifiLegTokenSchema) });

/**
 * LI.FI's GET /v1/status. Unlike the spec it has no top-level chain IDs (each leg carries its own), a FAILED
 * transfer may have no `receiving` leg at all, a PENDING one a receiving leg with only `chainId`, and an unknown
 * hash is a 200 `{ status: 'NOT_FOUND' }`. Legs are validated as the spec's (every member optional); DONE legs are
 * checked after normalization by the same rule as the spec's.
 */
export const LifiStatusResponseSchema = v.looseObject({
  transactionId: v.optional(v.string()),
  status: v.pipe(v.string(), v.minLength(1)),
  substatus: v.optional(v.string()),
  substatusMessage: v.optional(v.string()),
  sending: v.optional(LifiLegSchema),
  receiving: v.optional(v.nullable(LifiLegSchema)),
  lifiExplorerLink: v.optional(v.string()),
  /** The bridge's own explorer page for this transfer, when LI.FI knows it (`@lifi/types` StatusResponse). */
  bridgeExplorerLink: v.optional(v.string()),
  fromAddress: v.optional(v.string()),
  toAddress: v.optional(v.string()),
  tool: v.optional(v.string()),
});

export type LifiStatusResponse = v.InferOutput<typeof LifiStatusResponseSchema>;
