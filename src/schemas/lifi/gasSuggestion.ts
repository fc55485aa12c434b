import * as v from 'valibot';
import { AmountSchema, DecimalStringSchema } from '../primitives';
import { RouteTokenSchema } from '../route';

const TokenBalanceSchema = v.looseObject({
  token: RouteTokenSchema,
  amount: AmountSchema,
  amountUsd: v.optional(DecimalStringSchema),
});

/**
 * GET /v1/gas/suggestion/{chainId} (`@lifi/types` GasRecommendationResponse): whether LI.FI brings gas there, what it
 * recommends having (`recommended`), the most it brings (`limit`), its fee, and with `fromChain`/`fromToken` what of
 * that token buys the recommended gas (`fromAmount`, what is sent as `fromAmountForGas`).
 */
export const LifiGasSuggestionSchema = v.looseObject({
  available: v.boolean(),
  message: v.optional(v.pipe(v.string(), v.maxLength(500))),
  recommended: v.optional(TokenBalanceSchema),
  limit: v.optional(TokenBalanceSchema),
  serviceFee: v.optional(TokenBalanceSchema),
  fromToken: v.optional(RouteTokenSchema),
  fromAmount: v.optional(AmountSchema),
});
