import * as v from 'valibot';
import { ChainNativeTokenSchema, TokenSchema, WalletConfigSchema } from '../catalog';
import { AddressSchema, ChainIdNumberSchema, ChainIdStringSchema } from '../primitives';

/**
 * LI.FI production's chain (GET https://li.quest/v1/chains): the wallet data is under `metamask` (the spec says
 * `wallet`), and EVM chains name LI.FI's contract as `diamondAddress`. Other members (relayerSupported, permit2,
 * tokenlistUrl, faucetUrls…) are kept as sent.
 */
export const LifiChainSchema = v.looseObject({
  id: ChainIdNumberSchema,
  key: v.string(),
  name: v.string(),
  chainType: v.string(),
  coin: v.string(),
  mainnet: v.boolean(),
  logoURI: v.optional(v.string()),
  nativeToken: ChainNativeTokenSchema,
  // LI.FI's Solana chain writes `metamask.chainId` in decimal (lifinance/data-types, supportedChains.svm.ts); the
  // adapter derives the hex from `id`, which is what every EVM chain's is.
  metamask: v.looseObject({
    ...WalletConfigSchema.entries,
    chainId: v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]+|[1-9][0-9]*)$/, 'must be a hex or decimal chain ID')),
  }),
  diamondAddress: v.optional(AddressSchema),
  multicallAddress: v.optional(v.string()),
  relayerSupported: v.optional(v.boolean()),
  nonStandardNativeDecimals: v.optional(v.boolean()),
});

export const LifiChainsResponseSchema = v.looseObject({ chains: v.array(LifiChainSchema) });

/** Same shape as the spec's listing: tokens grouped by decimal chain ID. */
export const LifiTokensResponseSchema = v.looseObject({
  tokens: v.record(ChainIdStringSchema, v.array(TokenSchema)),
});

/** A bridge lists the chain pairs it connects. */
export const LifiBridgeSchema = v.looseObject({
  key: v.string(),
  name: v.string(),
  logoURI: v.optional(v.string()),
  supportedChains: v.array(v.looseObject({ fromChainId: ChainIdNumberSchema, toChainId: ChainIdNumberSchema })),
});

/** An exchange lists the chains it swaps on. */
export const LifiExchangeSchema = v.looseObject({
  key: v.string(),
  name: v.string(),
  logoURI: v.optional(v.string()),
  supportedChains: v.array(ChainIdNumberSchema),
});

export const LifiToolsResponseSchema = v.looseObject({
  bridges: v.array(LifiBridgeSchema),
  exchanges: v.array(LifiExchangeSchema),
});

export type LifiChain = v.InferOutput<typeof LifiChainSchema>;
export type LifiToolsResponse = v.InferOutput<typeof LifiToolsResponseSchema>;
