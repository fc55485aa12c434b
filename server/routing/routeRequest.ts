import type { Address } from 'viem';
import type { CatalogToken } from '../catalog/catalogToken';
import type { ChainDefinition } from '../catalog/chainData';

/** A quote or routes request after validation, with chains and tokens resolved against the catalog. */
export type RouteRequest = {
  fromChain: ChainDefinition;
  toChain: ChainDefinition;
  fromToken: CatalogToken;
  toToken: CatalogToken;
  fromAmount: bigint;
  slippage: number;
  /** An EVM address, or a base58 public key when the source is Solana (server/routing/solanaSource.ts). */
  fromAddress?: Address;
  /** An EVM address, or a base58 public key when the destination is Solana. */
  toAddress?: string;
  allowBridges?: ReadonlySet<string>;
  denyBridges?: ReadonlySet<string>;
  /** The bridges the dialect's service offers at all (LI.FI's, without its retired tools): no other is searched or named. */
  offeredBridges?: ReadonlySet<string>;
  /** LI.FI's `fromAmountForGas`: the part of `fromAmount` that becomes gas on the destination (gasOnArrival.ts). */
  fromAmountForGas?: bigint;
};

/** LI.FI's default slippage for quotes (the spec states it), used for routes too. */
export const DEFAULT_SLIPPAGE = 0.005;
