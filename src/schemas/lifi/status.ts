import * as v from 'valibot';
import { LegSchema } from '../status';

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
  sending: v.optional(LegSchema),
  receiving: v.optional(v.nullable(LegSchema)),
  lifiExplorerLink: v.optional(v.string()),
  fromAddress: v.optional(v.string()),
  toAddress: v.optional(v.string()),
  tool: v.optional(v.string()),
});

export type LifiStatusResponse = v.InferOutput<typeof LifiStatusResponseSchema>;
