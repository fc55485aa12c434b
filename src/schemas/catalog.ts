import * as v from 'valibot';
import { ChainAddressSchema } from './chainAddress';
import { ChainIdLooseSchema, ChainIdNumberSchema, ChainIdStringSchema, DecimalStringSchema } from './primitives';
import { tokenVerificationEntries } from './tokenVerification';

/** Native token of a chain (spec: chainId is a string here). Solana's is a base58 key at LI.FI (the system program). */
export const ChainNativeTokenSchema = v.looseObject({
  address: ChainAddressSchema,
  symbol: v.string(),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  chainId: ChainIdLooseSchema,
  name: v.string(),
  priceUSD: v.optional(DecimalStringSchema),
  logoURI: v.optional(v.string()),
});

/** Data for wallet_addEthereumChain. `nativeCurrency` members are all required, as in EIP-3085 and LI.FI. */
export const WalletConfigSchema = v.looseObject({
  chainId: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/, 'must be a hex chain ID')),
  chainName: v.string(),
  blockExplorerUrls: v.optional(v.array(v.string())),
  rpcUrls: v.optional(v.array(v.string())),
  nativeCurrency: v.optional(v.looseObject({ name: v.string(), symbol: v.string(), decimals: v.number() })),
});

export const ChainSchema = v.looseObject({
  id: ChainIdNumberSchema,
  key: v.string(),
  name: v.string(),
  chainType: v.string(),
  coin: v.string(),
  mainnet: v.boolean(),
  logoURI: v.optional(v.string()),
  nativeToken: ChainNativeTokenSchema,
  wallet: WalletConfigSchema,
  multicallAddress: v.optional(v.string()),
  /**
   * LI.FI's `ExtendedChain.nonStandardNativeDecimals` (Stable, Tempo): what is read on chain in the native coin
   * (balances, `value`, gas) counts the wallet's `nativeCurrency.decimals`, not `nativeToken.decimals`. The LI.FI
   * dialect's codec already gives `nativeToken` the chain's decimals (src/api/lifi/catalog.ts); the flag stays.
   */
  nonStandardNativeDecimals: v.optional(v.boolean()),
});

/**
 * Token. Addresses are EVM-shaped for EVM chains; non-EVM chains (SOLANA) use their own formats,
 * so the listing schema only requires a non-empty string.
 */
export const TokenSchema = v.looseObject({
  address: v.pipe(v.string(), v.minLength(1)),
  chainId: ChainIdLooseSchema,
  symbol: v.string(),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  name: v.string(),
  logoURI: v.optional(v.string()),
  priceUSD: v.optional(DecimalStringSchema),
  coinKey: v.optional(v.string()),
  ...tokenVerificationEntries,
});

export const ToolSchema = v.looseObject({
  key: v.string(),
  name: v.string(),
  logoURI: v.optional(v.string()),
  supportedChains: v.array(ChainIdNumberSchema),
});

export const ChainsResponseSchema = v.looseObject({ chains: v.array(ChainSchema) });

export const TokensResponseSchema = v.looseObject({
  tokens: v.record(ChainIdStringSchema, v.array(TokenSchema)),
});

export const ToolsResponseSchema = v.looseObject({
  bridges: v.array(ToolSchema),
  exchanges: v.array(ToolSchema),
});

export type Chain = v.InferOutput<typeof ChainSchema>;
export type ChainNativeToken = v.InferOutput<typeof ChainNativeTokenSchema>;
export type WalletConfig = v.InferOutput<typeof WalletConfigSchema>;
export type Token = v.InferOutput<typeof TokenSchema>;
export type Tool = v.InferOutput<typeof ToolSchema>;
export type ChainsResponse = v.InferOutput<typeof ChainsResponseSchema>;
export type TokensResponse = v.InferOutput<typeof TokensResponseSchema>;
export type ToolsResponse = v.InferOutput<typeof ToolsResponseSchema>;
