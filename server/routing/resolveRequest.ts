import { type Address, getAddress, isAddress, maxUint256 } from 'viem';
import { toChainIdNumber } from '../../src/schemas/primitives';
import type { CatalogToken } from '../catalog/catalog';
import type { ChainDefinition } from '../catalog/chainData';
import { invalidField } from '../http/apiError';
import { DEFAULT_SLIPPAGE, type RouteRequest } from './routeRequest';
import type { RoutingContext } from './routingContext';

/** Names of the request fields, so errors name the field as the caller wrote it (quote vs routes body). */
export type FieldNames = {
  fromChain: string;
  toChain: string;
  fromToken: string;
  toToken: string;
  fromAmount: string;
  fromAddress: string;
  toAddress: string;
};

export const QUOTE_FIELDS: FieldNames = {
  fromChain: 'fromChain',
  toChain: 'toChain',
  fromToken: 'fromToken',
  toToken: 'toToken',
  fromAmount: 'fromAmount',
  fromAddress: 'fromAddress',
  toAddress: 'toAddress',
};

export const ROUTES_FIELDS: FieldNames = {
  fromChain: 'fromChainId',
  toChain: 'toChainId',
  fromToken: 'fromTokenAddress',
  toToken: 'toTokenAddress',
  fromAmount: 'fromAmount',
  fromAddress: 'fromAddress',
  toAddress: 'toAddress',
};

export type RawRouteParams = {
  fromChain: string | number;
  toChain: string | number;
  fromToken: string;
  toToken: string;
  fromAmount: string;
  fromAddress?: string | undefined;
  toAddress?: string | undefined;
  slippage?: number | undefined;
  allowBridges?: readonly string[] | undefined;
  denyBridges?: readonly string[] | undefined;
};

/** A wallet address, checksummed; a mixed-case address with a wrong checksum or the zero address is refused. */
export function walletAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: true })) throw invalidField(field, 'has an invalid EIP-55 checksum');
  if (/^0x0{40}$/i.test(value)) throw invalidField(field, 'must not be the zero address');
  return getAddress(value);
}

function chain(ctx: RoutingContext, id: string | number, field: string): ChainDefinition {
  const found = ctx.catalog.getChain(toChainIdNumber(id));
  if (!found || (ctx.servedChains && !ctx.servedChains.has(found.id)))
    throw invalidField(field, `unknown chain ID ${id}`);
  return found;
}

function token(ctx: RoutingContext, chainDef: ChainDefinition, address: string, field: string): CatalogToken {
  const found = ctx.catalog.findToken(chainDef.id, address);
  if (!found) throw invalidField(field, `unknown token ${address} on chain ${chainDef.id}`);
  return found;
}

/** Validated parameters resolved against the catalog; every problem is a 400 naming its field. */
export function resolveRouteRequest(ctx: RoutingContext, raw: RawRouteParams, fields: FieldNames): RouteRequest {
  const fromChain = chain(ctx, raw.fromChain, fields.fromChain);
  const toChain = chain(ctx, raw.toChain, fields.toChain);
  const fromToken = token(ctx, fromChain, raw.fromToken, fields.fromToken);
  const toToken = token(ctx, toChain, raw.toToken, fields.toToken);
  if (fromChain.id === toChain.id && fromToken === toToken) {
    throw invalidField(fields.toToken, 'must differ from the source token on the same chain');
  }
  const fromAmount = BigInt(raw.fromAmount);
  if (fromAmount === 0n) throw invalidField(fields.fromAmount, 'must be greater than 0');
  if (fromAmount > maxUint256) throw invalidField(fields.fromAmount, 'must fit in uint256');
  const fromAddress = raw.fromAddress === undefined ? undefined : walletAddress(raw.fromAddress, fields.fromAddress);
  const toAddress = raw.toAddress === undefined ? undefined : walletAddress(raw.toAddress, fields.toAddress);
  return {
    fromChain,
    toChain,
    fromToken,
    toToken,
    fromAmount,
    slippage: raw.slippage ?? DEFAULT_SLIPPAGE,
    ...(fromAddress ? { fromAddress } : {}),
    ...(toAddress ? { toAddress } : {}),
    ...(raw.allowBridges ? { allowBridges: new Set(raw.allowBridges) } : {}),
    ...(raw.denyBridges ? { denyBridges: new Set(raw.denyBridges) } : {}),
  };
}

/** Bridge keys of allow/deny/prefer lists must exist (a typo would otherwise silently allow nothing). */
export function checkBridgeKeys(ctx: RoutingContext, keys: readonly string[] | undefined, field: string): void {
  const unknown = (keys ?? []).filter((key) => !ctx.catalog.getBridge(key));
  if (unknown.length > 0) throw invalidField(field, `unknown bridge ${unknown.join(', ')}`);
}
