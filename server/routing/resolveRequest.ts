import { type Address, getAddress, isAddress, maxUint256 } from 'viem';
import { isSolanaAddress } from '../../src/lib/solanaAddress';
import { toChainIdNumber } from '../../src/schemas/primitives';
import type { CatalogToken } from '../catalog/catalogToken';
import type { ChainDefinition } from '../catalog/chainData';
import { invalidField } from '../http/apiError';
import { DEFAULT_SLIPPAGE, type RouteRequest } from './routeRequest';
import type { RoutingContext } from './routingContext';
import { SOLANA_SYSTEM_PROGRAM, solanaSender } from './solanaSource';

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

/** A step sent back for its transaction names the fields of its action (both dialects). */
export const STEP_FIELDS: FieldNames = {
  fromChain: 'action.fromChainId',
  toChain: 'action.toChainId',
  fromToken: 'action.fromToken.address',
  toToken: 'action.toToken.address',
  fromAmount: 'action.fromAmount',
  fromAddress: 'action.fromAddress',
  toAddress: 'action.toAddress',
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
  offeredBridges?: readonly string[] | undefined;
};

/** A wallet address, checksummed; a mixed-case address with a wrong checksum or the zero address is refused. */
export function walletAddress(value: string, field: string): Address {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
    throw invalidField(
      field,
      isSolanaAddress(value)
        ? 'is a Solana address; this chain needs a 0x-prefixed EVM address'
        : 'must be a 0x-prefixed 20-byte address',
    );
  }
  if (!isAddress(value, { strict: true })) throw invalidField(field, 'has an invalid EIP-55 checksum');
  if (/^0x0{40}$/i.test(value)) throw invalidField(field, 'must not be the zero address');
  return getAddress(value);
}

/**
 * Who receives on `chain`: a checksummed EVM address on an EVM chain; on Solana a base58 32-byte public key, checked
 * by Solana's own library (an EVM address there would send the funds to an account nobody controls).
 */
export function receiverAddress(value: string, field: string, chain: ChainDefinition): string {
  if (chain.chainType !== 'SOLANA') return walletAddress(value, field);
  if (isSolanaAddress(value)) return value;
  throw invalidField(
    field,
    /^0x/i.test(value)
      ? 'is an EVM address; a Solana destination needs a Solana address (base58 public key)'
      : 'must be a Solana address (base58 public key of 32 bytes)',
  );
}

/**
 * Who a transaction pays: the request's receiver, else the sender; a Solana destination or source has no default
 * (the sender's account does not exist on the other chain), so a missing receiver is a 400 naming `field`.
 */
export function recipientOf(request: RouteRequest, from: Address, field: string): string {
  if (request.toAddress) return request.toAddress;
  if (request.toChain.chainType !== 'EVM') {
    throw invalidField(field, `is required for a ${request.toChain.name} destination: the sender has no account there`);
  }
  if (request.fromChain.chainType !== 'EVM') {
    throw invalidField(
      field,
      `is required from ${request.fromChain.name}: the sender's key is no account on an EVM chain`,
    );
  }
  return from;
}

function chain(ctx: RoutingContext, id: string | number, field: string): ChainDefinition {
  const found = ctx.catalog.getChain(toChainIdNumber(id));
  if (!found || (ctx.servedChains && !ctx.servedChains.has(found.id)))
    throw invalidField(field, `unknown chain ID ${id}`);
  return found;
}

function token(ctx: RoutingContext, chainDef: ChainDefinition, address: string, field: string): CatalogToken {
  // li.quest names SOL by the System Program's address; the catalog keeps native coins at the zero address.
  const native = chainDef.chainType === 'SOLANA' && address === SOLANA_SYSTEM_PROGRAM;
  const found = native ? ctx.catalog.nativeToken(chainDef.id) : ctx.catalog.findToken(chainDef.id, address);
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
  const fromAddress =
    raw.fromAddress === undefined
      ? undefined
      : fromChain.chainType === 'SOLANA'
        ? // A base58 key: RouteRequest types the sender as EVM's, which every route but a Solana deposit needs.
          (solanaSender(raw.fromAddress, fields.fromAddress, fromChain) as Address)
        : walletAddress(raw.fromAddress, fields.fromAddress);
  const toAddress = raw.toAddress === undefined ? undefined : receiverAddress(raw.toAddress, fields.toAddress, toChain);
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
    ...(raw.offeredBridges ? { offeredBridges: new Set(raw.offeredBridges) } : {}),
  };
}

/** The routes body both dialects take (LI.FI's RoutesRequest; the spec also accepts chain IDs as strings). */
export type RoutesBody = {
  fromChainId: string | number;
  toChainId: string | number;
  fromTokenAddress: string;
  toTokenAddress: string;
  fromAmount: string;
  fromAddress?: string | undefined;
  toAddress?: string | undefined;
  options?: { slippage?: number | undefined } | undefined;
};

/** A routes body resolved with the bridges its dialect lets the search use; errors name the body's fields. */
export function resolveRoutesBody(
  ctx: RoutingContext,
  body: RoutesBody,
  bridges: Pick<RawRouteParams, 'allowBridges' | 'denyBridges' | 'offeredBridges'>,
): RouteRequest {
  return resolveRouteRequest(
    ctx,
    {
      fromChain: body.fromChainId,
      toChain: body.toChainId,
      fromToken: body.fromTokenAddress,
      toToken: body.toTokenAddress,
      fromAmount: body.fromAmount,
      fromAddress: body.fromAddress,
      toAddress: body.toAddress,
      slippage: body.options?.slippage,
      ...bridges,
    },
    ROUTES_FIELDS,
  );
}

/** A step's action as both dialects carry it: what the step request is resolved from. */
export type StepAction = {
  fromChainId: string | number;
  toChainId: string | number;
  fromToken: { address: string };
  toToken: { address: string };
  fromAmount: string;
  slippage?: number | undefined;
};

/** The route request a step stands for, with errors naming the step's own fields (both dialects). */
export function resolveStepRequest(
  ctx: RoutingContext,
  action: StepAction,
  sender: string,
  recipient: string,
): RouteRequest {
  return resolveRouteRequest(
    ctx,
    {
      fromChain: action.fromChainId,
      toChain: action.toChainId,
      fromToken: action.fromToken.address,
      toToken: action.toToken.address,
      fromAmount: action.fromAmount,
      fromAddress: sender,
      toAddress: recipient,
      slippage: action.slippage,
    },
    STEP_FIELDS,
  );
}

type ToolKind = 'bridge' | 'exchange';

/** Tool keys of allow/deny/prefer lists must exist (a typo would otherwise silently allow nothing). */
export function checkToolKeys(
  ctx: RoutingContext,
  kind: ToolKind,
  keys: readonly string[] | undefined,
  field: string,
): void {
  const known = (key: string) => (kind === 'bridge' ? ctx.catalog.getBridge(key) : ctx.catalog.getExchange(key));
  const unknown = (keys ?? []).filter((key) => !known(key));
  if (unknown.length > 0) throw invalidField(field, `unknown ${kind} ${unknown.join(', ')}`);
}

/** A request's allow, deny and prefer lists of one kind of tool, as both dialects' routes bodies carry them. */
export type ToolLists = { allow?: readonly string[]; deny?: readonly string[]; prefer?: readonly string[] };

/** Checks every list of `lists`; an error names `<prefix>allow`, `<prefix>deny` or `<prefix>prefer`. */
export function checkToolLists(ctx: RoutingContext, kind: ToolKind, lists: ToolLists | undefined, prefix: string) {
  for (const list of ['allow', 'deny', 'prefer'] as const) checkToolKeys(ctx, kind, lists?.[list], `${prefix}${list}`);
}
