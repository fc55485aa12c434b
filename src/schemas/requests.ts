import * as v from 'valibot';
import { ChainAddressSchema } from './chainAddress';
import { AddressSchema, AmountSchema, ChainIdStringSchema, gasIsPartOf, TxHashSchema } from './primitives';
import { ROUTE_ORDERS } from './routeOrder';

/** Comma-separated list query parameter, e.g. `chains=1,10`. Empty items are rejected. */
const csv = <T extends v.GenericSchema<string>>(item: T, what: string) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((x) => x.trim())),
    v.array(v.pipe(v.string(), v.minLength(1, `empty item in ${what} list`), item)),
  );

const SlippageSchema = v.pipe(v.number(), v.minValue(0, 'must be at least 0'), v.maxValue(0.5, 'must be at most 0.5'));
const SlippageQuerySchema = v.pipe(
  v.string(),
  v.regex(/^(0|0?\.\d+|[01](\.\d+)?)$/, 'must be a fraction such as 0.005'),
  v.transform(Number),
  SlippageSchema,
);
const BridgeKeySchema = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/i, 'must be a tool key'));

export { ROUTE_ORDERS, type RouteOrder } from './routeOrder';

/** Upper bound for maxRoutes (the spec shows none; documented in server/README.md). */
export const MAX_ROUTES_LIMIT = 50;

export const ChainsQuerySchema = v.object({
  chainTypes: v.optional(
    csv(v.pipe(v.string(), v.regex(/^[A-Z]{2,16}$/, 'must be a chain type such as EVM')), 'chainTypes'),
  ),
});

export const ChainsFilterQuerySchema = v.object({
  chains: v.optional(csv(ChainIdStringSchema, 'chains')),
});

export const QuoteQuerySchema = v.object({
  fromChain: ChainIdStringSchema,
  fromToken: AddressSchema,
  toChain: ChainIdStringSchema,
  toToken: ChainAddressSchema,
  fromAmount: AmountSchema,
  fromAddress: v.optional(AddressSchema),
  toAddress: v.optional(ChainAddressSchema),
  slippage: v.optional(SlippageQuerySchema),
  allowBridges: v.optional(csv(BridgeKeySchema, 'allowBridges')),
  denyBridges: v.optional(csv(BridgeKeySchema, 'denyBridges')),
});

export const RoutesRequestSchema = v.object({
  fromChainId: v.union([ChainIdStringSchema, v.pipe(v.number(), v.integer(), v.minValue(1))], 'must be a chain ID'),
  fromTokenAddress: AddressSchema,
  toChainId: v.union([ChainIdStringSchema, v.pipe(v.number(), v.integer(), v.minValue(1))], 'must be a chain ID'),
  toTokenAddress: ChainAddressSchema,
  fromAmount: AmountSchema,
  fromAddress: v.optional(AddressSchema),
  toAddress: v.optional(ChainAddressSchema),
  options: v.optional(
    v.object({
      slippage: v.optional(SlippageSchema),
      order: v.optional(v.picklist(ROUTE_ORDERS, `must be one of ${ROUTE_ORDERS.join(', ')}`)),
      maxRoutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ROUTES_LIMIT))),
      bridges: v.optional(
        v.object({
          allow: v.optional(v.array(BridgeKeySchema)),
          deny: v.optional(v.array(BridgeKeySchema)),
          prefer: v.optional(v.array(BridgeKeySchema)),
        }),
      ),
    }),
  ),
});

/**
 * The extension's own route search (the getRoutes message): the spec's request and, for a LI.FI-dialect service, gas
 * on arrival the person chose (`fromAmountForGas`, top-level beside `options` as li.quest takes it): the part of
 * `fromAmount` that becomes native gas for the receiver on the destination, so it must be less than the whole.
 */
export const RouteSearchSchema = v.pipe(
  v.object({ ...RoutesRequestSchema.entries, fromAmountForGas: v.optional(AmountSchema) }),
  v.check(
    (search) => gasIsPartOf(search.fromAmountForGas, search.fromAmount),
    'fromAmountForGas must be less than fromAmount',
  ),
);

export const StepTransactionQuerySchema = v.object({
  senderAddress: AddressSchema,
  recipientAddress: ChainAddressSchema,
});

export const StatusQuerySchema = v.object({
  txHash: TxHashSchema,
});

export type QuoteQuery = v.InferOutput<typeof QuoteQuerySchema>;
export type RoutesRequest = v.InferInput<typeof RouteSearchSchema>;
export type StepTransactionQuery = v.InferOutput<typeof StepTransactionQuerySchema>;
