import * as v from 'valibot';
import { ChainAddressSchema, ChainTxHashSchema, SolanaAddressSchema } from '../../src/schemas/chainAddress';
import { AddressSchema, AmountSchema } from '../../src/schemas/primitives';

/**
 * Requests of LI.FI's production API (docs.li.fi, `@lifi/types` RoutesRequest/RouteOptions/GetStatusRequest), as this
 * service accepts them in the `lifi` dialect. Validation failures answer 400 with code 1011 like production.
 */

/** LI.FI accepts chain IDs or chain keys (`1` or `eth`) in query strings; bodies take numbers. */
/** Keys in any case: li.quest's own examples write `SOL` and `ARB`. */
const ChainRefSchema = v.pipe(v.string(), v.regex(/^([1-9][0-9]{0,17}|[a-zA-Z]{3,5})$/, 'must be a chain ID or key'));
/** A symbol LI.FI resolves on the chain (`USDC`). */
const TokenSymbolSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9.]{1,16}$/));
/**
 * A token address (0x on EVM chains, an SPL mint in base58 on Solana, as LI.FI's quotes take them), or a symbol.
 * Whether the address suits the chain is the route resolution's check, as for the routes' `toTokenAddress`.
 */
const TokenRefSchema = v.union(
  [AddressSchema, SolanaAddressSchema, TokenSymbolSchema],
  'must be a token address or symbol',
);
const SlippageSchema = v.pipe(v.number(), v.minValue(0, 'must be at least 0'), v.maxValue(1, 'must be at most 1'));
const ToolKeySchema = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/i, 'must be a tool key'));
const ChainIdNumber = v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1));

/** `order`: FASTEST and CHEAPEST; RECOMMENDED and SAFEST are deprecated but still accepted, as on production. */
export const LIFI_ORDERS = ['FASTEST', 'CHEAPEST', 'RECOMMENDED', 'SAFEST'] as const;
export type LifiOrder = (typeof LIFI_ORDERS)[number];
const OrderSchema = v.picklist(LIFI_ORDERS, `must be one of ${LIFI_ORDERS.join(', ')}`);

const AllowDenyPreferSchema = v.object({
  allow: v.optional(v.array(ToolKeySchema)),
  deny: v.optional(v.array(ToolKeySchema)),
  prefer: v.optional(v.array(ToolKeySchema)),
});

export const LifiRoutesRequestSchema = v.object({
  fromChainId: ChainIdNumber,
  fromAmount: AmountSchema,
  // From Solana an SPL mint (or SOL's System Program) and the person's base58 key; the resolution checks the chain.
  fromTokenAddress: ChainAddressSchema,
  fromAddress: v.optional(ChainAddressSchema),
  toChainId: ChainIdNumber,
  toTokenAddress: ChainAddressSchema,
  toAddress: v.optional(ChainAddressSchema),
  /** Gas on arrival: beside `options`, not in it (`@lifi/types` RoutesRequest). */
  fromAmountForGas: v.optional(AmountSchema),
  options: v.optional(
    v.object({
      order: v.optional(OrderSchema),
      slippage: v.optional(SlippageSchema),
      integrator: v.optional(v.pipe(v.string(), v.maxLength(64))),
      referrer: v.optional(v.string()),
      allowSwitchChain: v.optional(v.boolean()),
      allowDestinationCall: v.optional(v.boolean()),
      maxPriceImpact: v.optional(v.pipe(v.number(), v.minValue(0))),
      fee: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(0))),
      bridges: v.optional(AllowDenyPreferSchema),
      exchanges: v.optional(AllowDenyPreferSchema),
    }),
  ),
});
export type LifiRoutesRequest = v.InferOutput<typeof LifiRoutesRequestSchema>;

const SlippageQuerySchema = v.pipe(
  v.string(),
  v.regex(/^(0|0?\.\d+|1(\.0+)?)$/, 'must be a fraction such as 0.005'),
  v.transform(Number),
);

export const LifiQuoteQuerySchema = v.object({
  fromChain: ChainRefSchema,
  toChain: ChainRefSchema,
  fromToken: TokenRefSchema,
  toToken: TokenRefSchema,
  fromAmount: AmountSchema,
  fromAddress: v.pipe(v.string('is required'), ChainAddressSchema),
  toAddress: v.optional(ChainAddressSchema),
  slippage: v.optional(SlippageQuerySchema),
  order: v.optional(OrderSchema),
  integrator: v.optional(v.pipe(v.string(), v.maxLength(64))),
  referrer: v.optional(v.string()),
  fromAmountForGas: v.optional(AmountSchema),
  // li.quest's default is true (routes may end in a call on the destination); the twin's never do (server/README.md).
  allowDestinationCall: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
});

/** The list parameters of /v1/quote: repeated (`allowBridges=a&allowBridges=b`) or comma-separated. */
export const QUOTE_LIST_PARAMS = [
  'allowBridges',
  'denyBridges',
  'preferBridges',
  'allowExchanges',
  'denyExchanges',
  'preferExchanges',
] as const;

/**
 * GET /v1/status names the transfer by `txHash`, (2026) by `taskId`, the task a relayer or intent solver gave a
 * step, by its `transactionId` or by its `depositAddress` (checked by the handler, which names the field).
 */
export const LifiStatusQuerySchema = v.object({
  // A 0x hash, or a Solana transaction's base58 signature (a transfer from Solana, as li.quest takes it).
  txHash: v.optional(ChainTxHashSchema),
  // LI.FI's task IDs are hex (its SDK decodes them as text); the twin's are its transfers' 32-byte transactionId.
  taskId: v.optional(v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2}){1,256}$/, 'must be a 0x-prefixed hex task ID'))),
  bridge: v.optional(ToolKeySchema),
  fromChain: v.optional(ChainRefSchema),
  toChain: v.optional(ChainRefSchema),
  // A transfer's LI.FI transactionId (32 bytes, as the diamond's BridgeData carries it) or the deposit address an
  // intent bridge gave it (NEAR Intents' 1Click): either names the transfer alone, as on li.quest.
  transactionId: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte ID'))),
  depositAddress: v.optional(ChainAddressSchema),
  fromAddress: v.optional(v.string()),
});

/** The integrator a request names in `x-lifi-integrator` (LI.FI's SDK and the extension send it on every request). */
export const IntegratorHeaderSchema = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/)));

/** `x-lifi-integrator` when it is a plain name; anything else is ignored, as a missing header would be. */
export function integratorHeader(headers: Record<string, string | string[] | undefined>): string | undefined {
  const parsed = v.safeParse(IntegratorHeaderSchema, headers['x-lifi-integrator']);
  return parsed.success ? parsed.output : undefined;
}

const StepTokenSchema = v.object({
  address: ChainAddressSchema,
  chainId: ChainIdNumber,
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  symbol: v.string(),
});

/**
 * A LiFiStep sent back to /v1/advanced/stepTransaction (the SDK sends the step as the body, no query). Only what
 * re-deriving the transaction needs is read; the estimate is not trusted beyond `toAmountMin` as the user's floor.
 */
export const LifiStepSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  type: v.literal('lifi', 'must be lifi'),
  tool: ToolKeySchema,
  integrator: v.optional(v.pipe(v.string(), v.maxLength(64))),
  action: v.object({
    fromChainId: ChainIdNumber,
    toChainId: ChainIdNumber,
    fromToken: StepTokenSchema,
    toToken: StepTokenSchema,
    fromAmount: AmountSchema,
    fromAddress: ChainAddressSchema,
    toAddress: v.optional(ChainAddressSchema),
    slippage: v.optional(SlippageSchema),
  }),
  estimate: v.object({
    toAmount: AmountSchema,
    toAmountMin: AmountSchema,
  }),
});
export type LifiStepInput = v.InferOutput<typeof LifiStepSchema>;
