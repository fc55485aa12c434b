import * as v from 'valibot';
import { ChainTxHashSchema } from './chainAddress';
import { AmountSchema, ChainIdLooseSchema } from './primitives';
import { RouteTokenSchema } from './route';

/** Known values; the lists are open-ended, so the schema accepts any string and the UI shows unknown ones as sent. */
export const KNOWN_STATUSES = ['NOT_FOUND', 'INVALID', 'PENDING', 'DONE', 'FAILED'] as const;
export const KNOWN_SUBSTATUSES = [
  'WAIT_SOURCE_CONFIRMATIONS',
  'WAIT_DESTINATION_TRANSACTION',
  'BRIDGE_NOT_AVAILABLE',
  'CHAIN_NOT_AVAILABLE',
  'REFUND_IN_PROGRESS',
  'UNKNOWN_ERROR',
  // Pending substatuses of LI.FI's intent-based steps (added 2026-04; `@lifi/types` SubstatusPending).
  'INTENT_AWAITING_FUNDS',
  'INTENT_READY',
  'INTENT_EXECUTING',
  'INTENT_FAILED_RETRYABLE',
  'INTENT_SIMULATION_FAILURE',
  'COMPLETED',
  'PARTIAL',
  'REFUNDED',
  'INSUFFICIENT_ALLOWANCE',
  'INSUFFICIENT_BALANCE',
  'OUT_OF_GAS',
  'EXPIRED',
  'SLIPPAGE_EXCEEDED',
  'UNKNOWN_FAILED_ERROR',
] as const;

export type KnownStatus = (typeof KNOWN_STATUSES)[number];
export type KnownSubstatus = (typeof KNOWN_SUBSTATUSES)[number];

/**
 * A leg as sent. While a transfer is pending the receiving leg has no transaction yet (LI.FI sends only its chainId),
 * so members are optional here; a DONE status must carry complete legs (checked below).
 */
export const LegSchema = v.looseObject({
  txHash: v.optional(ChainTxHashSchema),
  txLink: v.optional(v.string()),
  amount: v.optional(AmountSchema),
  token: v.optional(RouteTokenSchema),
  chainId: v.optional(ChainIdLooseSchema),
  timestamp: v.optional(v.number()),
});

const CompleteLegSchema = v.looseObject({
  txHash: ChainTxHashSchema,
  amount: AmountSchema,
  token: RouteTokenSchema,
  chainId: ChainIdLooseSchema,
});

/**
 * GET /v1/status response. Decision (spec says both legs and both chain IDs are required, LI.FI omits them for
 * NOT_FOUND): they are required except for NOT_FOUND and INVALID, and a DONE status needs complete legs.
 */
export const StatusResponseSchema = v.pipe(
  v.looseObject({
    status: v.pipe(v.string(), v.minLength(1)),
    substatus: v.optional(v.string()),
    substatusMessage: v.optional(v.string()),
    sending: v.optional(LegSchema),
    receiving: v.optional(LegSchema),
    tool: v.optional(v.string()),
    /**
     * A page that follows the whole transfer across chains (LI.FI's `bridgeExplorerLink`, else `lifiExplorerLink`);
     * not in the spec. Shown only through safeLink.
     */
    explorerLink: v.optional(v.string()),
    fromChainId: v.optional(ChainIdLooseSchema),
    toChainId: v.optional(ChainIdLooseSchema),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const value = dataset.value;
    if (value.status === 'NOT_FOUND' || value.status === 'INVALID') return;
    for (const key of ['sending', 'receiving', 'fromChainId', 'toChainId'] as const) {
      if (value[key] === undefined) {
        addIssue({
          message: `${key} is required when status is ${value.status}`,
          path: [{ type: 'object', origin: 'value', input: value, key, value: undefined }],
        });
      }
    }
    if (value.status !== 'DONE') return;
    for (const key of ['sending', 'receiving'] as const) {
      const leg = value[key];
      if (leg === undefined) continue;
      const result = v.safeParse(CompleteLegSchema, leg);
      if (!result.success) {
        for (const issue of result.issues) {
          addIssue({
            message: `${key} leg of a DONE transfer: ${issue.message}`,
            path: [{ type: 'object', origin: 'value', input: value, key, value: leg }, ...(issue.path ?? [])],
          });
        }
      }
    }
  }),
);

export type Leg = v.InferOutput<typeof LegSchema>;
export type StatusResponse = v.InferOutput<typeof StatusResponseSchema>;
