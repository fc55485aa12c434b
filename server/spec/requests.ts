import * as v from 'valibot';
import { ChainAddressSchema, ChainTxHashSchema } from '../../src/schemas/chainAddress';
import {
  QuoteQuerySchema,
  RoutesRequestSchema,
  StatusQuerySchema,
  StepTransactionQuerySchema,
} from '../../src/schemas/requests';
import { StepActionSchema, StepSchema } from '../../src/schemas/route';

/**
 * The spec's requests as this service takes them, where a transfer may start on Solana: the source token may be an
 * SPL mint (or SOL's System Program), the sender a base58 key and the hash a Solana signature. Which kind a field
 * needs is the route resolution's check, which knows the chain (server/routing/solanaSource.ts); every other field
 * is the shared schema's (src/schemas/requests.ts).
 */

export const SpecQuoteQuerySchema = v.object({
  ...QuoteQuerySchema.entries,
  fromToken: ChainAddressSchema,
  fromAddress: v.optional(ChainAddressSchema),
});

export const SpecRoutesRequestSchema = v.object({
  ...RoutesRequestSchema.entries,
  fromTokenAddress: ChainAddressSchema,
  fromAddress: v.optional(ChainAddressSchema),
});

export const SpecStepTransactionQuerySchema = v.object({
  ...StepTransactionQuerySchema.entries,
  senderAddress: ChainAddressSchema,
});

export const SpecStepSchema = v.looseObject({
  ...StepSchema.entries,
  action: v.looseObject({ ...StepActionSchema.entries, fromAddress: ChainAddressSchema }),
});

export const SpecStatusQuerySchema = v.object({ ...StatusQuerySchema.entries, txHash: ChainTxHashSchema });
