import type { Address } from 'viem';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { isNativeToken } from '../../src/schemas/primitives';
import type { Catalog } from '../catalog/catalog';
import type { CatalogToken } from '../catalog/catalogToken';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import { feeItem, legChains, legTool, usdOf } from '../routing/legFigures';
import type { PricedLeg, PricedRoute } from '../routing/priceRoute';
import { followingStepIdOf, routeIdOf } from '../routing/routeIds';
import type { RouteRequest } from '../routing/routeRequest';
import type { RoutingContext } from '../routing/routingContext';
import type { SolanaDeposit } from '../routing/solanaDeposit';
import { toolOf } from '../routing/sortRoutes';
import { gasLimitWithMargin } from '../routing/transaction';
import { formatUSD } from '../routing/units';
import { buildRouterTransaction } from './routerTransaction';

/** How the transaction request is written: hex in /quote, decimal in /stepTransaction (the spec's examples). */
/** From Solana, `from` is the person's base58 key and `solana` the deposit's transaction (routing/solanaDeposit.ts). */
export type TransactionStyle = {
  from: Address | string;
  recipient: string;
  numbers: 'hex' | 'decimal';
  solana?: SolanaDeposit;
};

type ToolDetails = { key: string; name: string; logoURI?: string };

const toolDetailsCache = new WeakMap<Catalog, Map<string, { full: ToolDetails; short: ToolDetails }>>();

/**
 * Tool details, built once per tool: with the logo on the route itself, key and name only inside includedSteps
 * (every routes answer carries dozens of steps; the logo is the route's).
 */
export function toolDetails(catalog: Catalog, key: string, short = false): ToolDetails {
  let byKey = toolDetailsCache.get(catalog);
  if (!byKey) {
    byKey = new Map();
    toolDetailsCache.set(catalog, byKey);
  }
  let entry = byKey.get(key);
  if (!entry) {
    const tool = catalog.getBridge(key) ?? catalog.getExchange(key);
    const name = tool?.name ?? key;
    entry = { full: { key, name, ...(tool ? { logoURI: tool.logoURI } : {}) }, short: { key, name } };
    byKey.set(key, entry);
  }
  return short ? entry.short : entry.full;
}

/** Route `type`: `swap` on one chain, `bridge` for a bare bridge, `lifi` for a step bundling swaps and a bridge. */
export function routeType(route: PricedRoute): 'swap' | 'bridge' | 'lifi' {
  if (route.path.kind === 'swap') return 'swap';
  return route.legs.length === 1 ? 'bridge' : 'lifi';
}

/** Tokens embedded in steps carry the spec's five fields; fee tokens its four (serialized bodies stay small). */
const stepTokens = new WeakMap<CatalogToken, Omit<CatalogToken, 'priceUSD' | 'coinKey'>>();
export function stepToken(token: CatalogToken) {
  let slim = stepTokens.get(token);
  if (!slim) {
    slim = {
      address: token.address,
      chainId: token.chainId,
      symbol: token.symbol,
      decimals: token.decimals,
      name: token.name,
    };
    stepTokens.set(token, slim);
  }
  return slim;
}
const feeTokens = new WeakMap<CatalogToken, Omit<CatalogToken, 'priceUSD' | 'coinKey' | 'name'>>();
export function feeToken(token: CatalogToken) {
  let slim = feeTokens.get(token);
  if (!slim) {
    slim = { address: token.address, chainId: token.chainId, symbol: token.symbol, decimals: token.decimals };
    feeTokens.set(token, slim);
  }
  return slim;
}

function gasCosts(ctx: RoutingContext, route: PricedRoute) {
  const native = ctx.catalog.nativeToken(route.request.fromChain.id);
  if (!native || route.gasLimit === 0n) return [];
  return [
    {
      type: 'SEND',
      price: route.gasPrice.toString(),
      estimate: route.gasLimit.toString(),
      limit: gasLimitWithMargin(route.gasLimit).toString(),
      amount: route.gasCostWei.toString(),
      amountUSD: formatUSD(route.gasUSD),
      token: stepToken(native),
    },
  ];
}

export function legStep(ctx: RoutingContext, routeId: string, leg: PricedLeg, index: number, slippage: number) {
  const tool = legTool(leg).key;
  const { fromChainId, toChainId } = legChains(leg);
  return {
    id: `${routeId}:${index}`,
    type: leg.kind,
    tool,
    toolDetails: toolDetails(ctx.catalog, tool, true),
    action: {
      fromChainId: String(fromChainId),
      toChainId: String(toChainId),
      fromToken: stepToken(leg.tokenIn),
      toToken: stepToken(leg.tokenOut),
      fromAmount: leg.amountIn.toString(),
      slippage,
    },
    estimate: {
      toAmount: leg.amountOut.toString(),
      toAmountMin: leg.amountOutMin.toString(),
      executionDuration: Math.round(leg.durationSec),
    },
  };
}

/** The estimate of a priced route (also what stepTransaction sends back, re-priced). */
export function presentEstimate(ctx: RoutingContext, route: PricedRoute, toAmountMin = route.toAmountMin) {
  const { request } = route;
  return {
    tool: toolOf(route),
    fromAmount: request.fromAmount.toString(),
    toAmount: route.toAmount.toString(),
    toAmountMin: toAmountMin.toString(),
    ...(isNativeToken(request.fromToken.address) || request.fromChain.chainType === 'SOLANA'
      ? {}
      : { approvalAddress: ROUTER_ADDRESS }),
    executionDuration: route.durationSec,
    feeCosts: route.legs.map((leg) => feeItem(ctx.catalog, leg, feeToken(leg.tokenIn))),
    gasCosts: gasCosts(ctx, route),
    fromAmountUSD: usdOf(ctx.catalog, request.fromToken, request.fromAmount),
    toAmountUSD: usdOf(ctx.catalog, request.toToken, route.toAmount),
  };
}

/**
 * From Solana the transaction is the person's deposit, serialized as li.quest gives it (`data`: a version 0
 * transaction in base64, its signature empty), with its signer and chain as the spec names them.
 */
export function presentSolanaTransaction(deposit: SolanaDeposit, from: string) {
  return { from, chainId: String(SOLANA_CHAIN_ID), data: deposit.data };
}

export function presentTransaction(route: PricedRoute, routeId: string, style: TransactionStyle) {
  const tx = buildRouterTransaction(route, routeId, style.from as Address, style.recipient);
  const num = (n: bigint) => (style.numbers === 'hex' ? `0x${n.toString(16)}` : n.toString());
  return {
    from: tx.from,
    to: tx.to,
    chainId: String(tx.chainId),
    data: tx.data,
    value: num(tx.value),
    gasLimit: num(tx.gasLimit),
    gasPrice: num(tx.gasPrice),
  };
}

/** A route's action: the request itself, so every route of one answer carries the same one. */
export function presentAction(request: RouteRequest) {
  return {
    fromChainId: String(request.fromChain.id),
    toChainId: String(request.toChain.id),
    fromToken: request.fromToken,
    toToken: request.toToken,
    fromAmount: request.fromAmount.toString(),
    slippage: request.slippage,
    ...(request.fromAddress ? { fromAddress: request.fromAddress } : {}),
    ...(request.toAddress ? { toAddress: request.toAddress } : {}),
  };
}

/**
 * A priced route as the spec's Route (quote and routes list) or step (stepTransaction). `followsPrevious`: a later
 * step of a multi-step route, whose id does not bind its amount.
 */
export function presentRoute(
  ctx: RoutingContext,
  route: PricedRoute,
  transaction?: TransactionStyle,
  options: { followsPrevious?: boolean } = {},
) {
  const { request } = route;
  const id = options.followsPrevious ? followingStepIdOf(ctx, route) : routeIdOf(ctx, route);
  const tool = toolOf(route);
  const type = routeType(route);
  return {
    id,
    type,
    tool,
    toolDetails: toolDetails(ctx.catalog, tool),
    action: presentAction(request),
    estimate: presentEstimate(ctx, route),
    ...(type === 'lifi'
      ? { includedSteps: route.legs.map((leg, i) => legStep(ctx, id, leg, i, request.slippage)) }
      : {}),
    ...(transaction
      ? {
          transactionRequest: transaction.solana
            ? presentSolanaTransaction(transaction.solana, transaction.from)
            : presentTransaction(route, id, transaction),
        }
      : {}),
  };
}
