import * as v from 'valibot';
import { prefillAmount } from '../../format/parseAmount';
import type {
  ApprovedTransaction,
  ExecutionStart,
  ExpectedTransfer,
  StoredChoice,
  TransferInput,
} from '../../model/transfer';
import { ChainAddressSchema } from '../../schemas/chainAddress';
import {
  AddressSchema,
  AmountSchema,
  ChainIdNumberSchema,
  DecimalStringSchema,
  HexDataSchema,
  TxHashSchema,
} from '../../schemas/primitives';
import { RoutesRequestSchema } from '../../schemas/requests';
import { RouteSchema, RouteTokenSchema, StepSchema } from '../../schemas/route';

/** Schemas of the protocol's message data (src/messaging/protocol.ts), checked before any handler runs. */

/** Messages without data: `sendMessage('getSettings', undefined)`; null is tolerated from other callers. */
export const NoDataSchema = v.pipe(
  v.nullish(v.never(), undefined),
  v.transform(() => undefined),
);

const Hex = <T extends `0x${string}`>() => v.transform((s: string) => s as T);

export const StepTransactionMessageSchema = v.object({
  step: StepSchema,
  senderAddress: AddressSchema,
  recipientAddress: ChainAddressSchema,
});

const ShortText = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/** The guarded transaction the popup asked the wallet to send (the reference for the on-chain check). */
const ApprovedTransactionSchema = v.object({
  chainId: ChainIdNumberSchema,
  from: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  to: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  // Router calls are a few KB; 256 KB is far beyond any and keeps a record small.
  data: v.pipe(HexDataSchema, v.maxLength(262_144), Hex<`0x${string}`>()),
  value: AmountSchema,
}) satisfies v.GenericSchema<unknown, ApprovedTransaction>;

export const TransferInputSchema = v.object({
  txHash: v.pipe(TxHashSchema, Hex<`0x${string}`>()),
  routeId: ShortText,
  tool: ShortText,
  toolName: ShortText,
  fromChainId: ChainIdNumberSchema,
  toChainId: ChainIdNumberSchema,
  fromToken: RouteTokenSchema,
  toToken: RouteTokenSchema,
  bridgeToken: v.optional(RouteTokenSchema),
  fromAmount: AmountSchema,
  toAmount: AmountSchema,
  toAmountMin: AmountSchema,
  fromAddress: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  toAddress: ChainAddressSchema,
  // Seconds; a week is far beyond any bridge and keeps the schedule's arithmetic sane.
  executionDuration: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(7 * 24 * 3600)),
  fromAmountUSD: v.optional(DecimalStringSchema),
  toAmountUSD: v.optional(DecimalStringSchema),
  approvedTx: ApprovedTransactionSchema,
}) satisfies v.GenericSchema<unknown, TransferInput>;

/** 128 random bits in lower-case hex, as the popup makes them (src/wallet/executeTransfer.ts). */
const WatchIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex digits'));

export const ExpectTransferSchema = v.object({
  watchId: WatchIdSchema,
  tabId: v.pipe(v.number(), v.integer(), v.minValue(0)),
  transfer: v.omit(TransferInputSchema, ['txHash']),
}) satisfies v.GenericSchema<unknown, { watchId: string; tabId: number; transfer: ExpectedTransfer }>;

/** From a content script beside an untrusted page: a strict shape, nothing else accepted. */
export const ReportSentTransactionSchema = v.strictObject({
  watchId: WatchIdSchema,
  txHash: v.pipe(TxHashSchema, Hex<`0x${string}`>()),
});

export const SearchTokensSchema = v.object({
  query: v.pipe(v.string(), v.maxLength(100)),
  chainId: v.optional(ChainIdNumberSchema),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200))),
});

export const GetRecipientKindSchema = v.object({
  chainId: ChainIdNumberSchema,
  address: v.pipe(AddressSchema, Hex<`0x${string}`>()),
});

export const GetAllowanceSchema = v.object({
  chainId: ChainIdNumberSchema,
  token: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  owner: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  spender: v.pipe(AddressSchema, Hex<`0x${string}`>()),
});

export const GetBalancesSchema = v.object({
  chainId: ChainIdNumberSchema,
  owner: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  tokens: v.pipe(v.array(v.pipe(AddressSchema, Hex<`0x${string}`>())), v.maxLength(100, 'at most 100 tokens')),
});

export const ImportTokenSchema = v.object({
  chainId: ChainIdNumberSchema,
  address: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  save: v.boolean(),
});

export const GetTokenSchema = v.object({
  chainId: ChainIdNumberSchema,
  // Non-EVM chains use other address formats (the listing schema only requires a non-empty string).
  address: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});

export const GetRoutesSchema = v.object({
  request: RoutesRequestSchema,
  channel: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});

// The explorer card's messages (src/explorerCard/handlers.ts), from a content script beside an untrusted page.

const CardChainIdSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
/** Human units in the card's plain form, e.g. "100" or "0.25", by the one amount rule (src/format/parseAmount.ts). */
const HumanAmountSchema = v.pipe(
  v.string(),
  v.maxLength(67),
  v.check((text) => prefillAmount(text) !== undefined, 'must be a decimal amount'),
);
const PageUrlSchema = v.pipe(v.string(), v.maxLength(2048), v.url(), v.regex(/^https?:/i, 'must be an http(s) URL'));

/** At most this many destinations per getInlineQuotes. */
export const MAX_INLINE_DESTINATIONS = 5;

export const DetectExplorerTokenSchema = v.object({ url: PageUrlSchema });

export const GetInlineQuotesSchema = v.object({
  chainId: CardChainIdSchema,
  tokenAddress: AddressSchema,
  amount: HumanAmountSchema,
  toChainIds: v.optional(v.pipe(v.array(CardChainIdSchema), v.maxLength(MAX_INLINE_DESTINATIONS))),
});

export const OpenPrefilledSchema = v.object({
  fromChainId: CardChainIdSchema,
  fromTokenAddress: AddressSchema,
  toChainId: v.optional(CardChainIdSchema),
  toTokenAddress: v.optional(AddressSchema),
  amount: v.optional(HumanAmountSchema),
});

// Executions (src/background/execution/): extension pages only.

const ExecutionIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex digits'));

const StoredChoiceSchema = v.object({
  fromChainId: ChainIdNumberSchema,
  toChainId: ChainIdNumberSchema,
  fromToken: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  toToken: ChainAddressSchema,
  fromAmount: AmountSchema,
  fromAddress: v.optional(v.pipe(AddressSchema, Hex<`0x${string}`>())),
  toAddress: v.optional(ChainAddressSchema),
  slippage: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(0.5)),
}) satisfies v.GenericSchema<unknown, StoredChoice>;

export const StartExecutionSchema = v.object({
  tabId: v.pipe(v.number(), v.integer(), v.minValue(0)),
  wallet: v.object({ rdns: v.optional(v.pipe(v.string(), v.maxLength(200))), name: ShortText }),
  account: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  recipient: ChainAddressSchema,
  choice: StoredChoiceSchema,
  route: RouteSchema,
  allowUnlimited: v.boolean(),
}) satisfies v.GenericSchema<unknown, ExecutionStart>;

export const ExecutionIdMessageSchema = v.object({ id: ExecutionIdSchema });

/** `tabId`: the tab whose wallet continues it (the popup's), when not the one it started in. */
export const ContinueExecutionSchema = v.object({
  id: ExecutionIdSchema,
  tabId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

export const AnswerExecutionRateSchema = v.object({ id: ExecutionIdSchema, accept: v.boolean() });
