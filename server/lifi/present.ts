import type {
  ChainId,
  ChainType,
  CoinKey,
  ExtendedChain,
  FeeCost,
  GasCost,
  LiFiStep,
  Order,
  Route,
  Step,
  Token,
  ToolsResponse,
} from '@lifi/types';
import { LIFI_DIAMOND_ADDRESS } from '../../src/contracts/lifiDiamond';
import type { Catalog } from '../catalog/catalog';
import type { CatalogToken } from '../catalog/catalogToken';
import { type ChainDefinition, SOLANA_CHAIN_ID } from '../catalog/chainData';
import type { ChainEndpointOverride } from '../catalog/chainJson';
import { servedChainDefinitions } from '../catalog/listings';
import { feeItem, legChains, legTool, usdOf } from '../routing/legFigures';
import type { PricedLeg, PricedRoute } from '../routing/priceRoute';
import { followingStepIdOf, routeIdOf } from '../routing/routeIds';
import type { RoutingContext } from '../routing/routingContext';
import type { SolanaDeposit } from '../routing/solanaDeposit';
import { SOLANA_SYSTEM_PROGRAM } from '../routing/solanaSource';
import { toolOf } from '../routing/sortRoutes';
import { gasLimitWithMargin } from '../routing/transaction';
import { formatUSD } from '../routing/units';
import { LISTED_ONLY_CHAINS } from './listedChains';
import { tokenVerification } from './tokenVerification';
import { buildDiamondTransaction } from './transaction';

/** USDT on Ethereum refuses to change a non-zero allowance: production flags its steps `approvalReset`. */
const APPROVAL_RESET_TOKENS = new Set(['1:0xdac17f958d2ee523a2206206994597c13d831ec7']);

const tokenCache = new WeakMap<CatalogToken, Token>();

/** A catalog token in LI.FI's shape: numeric chainId, priceUSD string, coinKey. */
export function lifiToken(token: CatalogToken): Token {
  let out = tokenCache.get(token);
  if (!out) {
    // li.quest names SOL by the System Program's address (the catalog keeps every native coin at the zero address).
    const solNative = Number(token.chainId) === SOLANA_CHAIN_ID && /^0x0{40}$/.test(token.address);
    out = {
      address: solNative ? SOLANA_SYSTEM_PROGRAM : token.address,
      chainId: Number(token.chainId) as ChainId,
      symbol: token.symbol,
      decimals: token.decimals,
      name: token.name,
      coinKey: token.coinKey as CoinKey,
      priceUSD: token.priceUSD,
      ...tokenVerification(token),
    };
    tokenCache.set(token, out);
  }
  return out;
}

/**
 * An `ExtendedChain`: wallet data under `metamask` (explorer URLs end in `/`, the SDK appends `tx/<hash>`),
 * `diamondAddress`, `nativeToken`. No `permit2`/`permit2Proxy`: the devnet has no Permit2, and listing them would
 * send the SDK down the Permit2 path. `relayerSupported: false`: no gasless relaying here.
 */
export function lifiChain(catalog: Catalog, def: ChainDefinition, override?: ChainEndpointOverride): ExtendedChain {
  const native = catalog.nativeToken(def.id);
  const explorer = override ? override.explorerUrl : def.explorer;
  const isEvm = def.chainType === 'EVM';
  return {
    key: def.key as ExtendedChain['key'],
    chainType: (isEvm ? 'EVM' : 'SVM') as ChainType,
    name: def.name,
    coin: def.coin as CoinKey,
    id: def.id,
    mainnet: true,
    logoURI: def.logo,
    metamask: {
      // Production writes Solana's in decimal (lifinance/data-types, supportedChains.svm.ts), EVM chains' in hex.
      chainId: isEvm ? `0x${def.id.toString(16)}` : String(def.id),
      blockExplorerUrls: explorer ? [explorer.endsWith('/') ? explorer : `${explorer}/`] : [],
      chainName: def.name,
      nativeCurrency: { name: def.nativeName, symbol: def.coin, decimals: def.nativeDecimals },
      rpcUrls: override ? [override.rpcUrl] : def.rpcUrls,
    },
    ...(def.multicall ? { multicallAddress: def.multicall } : {}),
    ...(isEvm ? { relayerSupported: false, diamondAddress: LIFI_DIAMOND_ADDRESS } : {}),
    nativeToken: native
      ? lifiToken(native)
      : {
          address: '0x0000000000000000000000000000000000000000',
          chainId: def.id,
          symbol: def.coin,
          decimals: def.nativeDecimals,
          name: def.nativeName,
          priceUSD: String(def.nativePriceUSD),
        },
  };
}

export function lifiChains(
  catalog: Catalog,
  chainTypes: readonly string[] | undefined,
  overrides: ReadonlyMap<number, ChainEndpointOverride>,
  served: ReadonlySet<number> | undefined,
): { chains: ExtendedChain[] } {
  const chains = [
    ...servedChainDefinitions(catalog, served).map((def) => lifiChain(catalog, def, overrides.get(def.id))),
    // Listed only where the twin serves the whole catalog: a devnet-served listing has only the chains it runs.
    ...(served ? [] : LISTED_ONLY_CHAINS),
  ];
  const wanted = chainTypes ? new Set(chainTypes) : undefined;
  return { chains: wanted ? chains.filter((c) => wanted.has(c.chainType)) : chains };
}

/** Bridges list their `{fromChainId, toChainId}` pairs; exchanges their chain IDs. */
export function lifiTools(
  catalog: Catalog,
  chainIds: readonly number[] | undefined,
  served: ReadonlySet<number> | undefined,
): ToolsResponse {
  const cut = (ids: readonly number[]) => (served ? ids.filter((id) => served.has(id)) : [...ids]);
  const keep = (ids: readonly number[]) => ids.length > 0 && (!chainIds || chainIds.some((id) => ids.includes(id)));
  return {
    bridges: catalog.lifiBridges
      .map((b) => ({ b, chains: cut(b.supportedChains) }))
      .filter(({ chains }) => keep(chains))
      .map(({ b, chains }) => ({
        key: b.key,
        name: b.name,
        logoURI: b.logoURI,
        supportedChains: chains.flatMap((from) =>
          chains.filter((to) => to !== from).map((to) => ({ fromChainId: from as ChainId, toChainId: to as ChainId })),
        ),
      })),
    exchanges: catalog.exchanges
      .map((e) => ({ e, chains: cut(e.supportedChains) }))
      .filter(({ chains }) => keep(chains))
      .map(({ e, chains }) => ({
        key: e.key,
        name: e.name,
        logoURI: e.logoURI,
        supportedChains: chains as ChainId[],
      })),
  };
}

export function lifiTokens(
  catalog: Catalog,
  chainIds: readonly number[] | undefined,
  served: ReadonlySet<number> | undefined,
): { tokens: Record<number, Token[]> } {
  const tokens: Record<number, Token[]> = {};
  for (const chain of servedChainDefinitions(catalog, served)) {
    if (chainIds && !chainIds.includes(chain.id)) continue;
    tokens[chain.id] = (catalog.tokensByChain.get(chain.id) ?? []).map(lifiToken);
  }
  return { tokens };
}

function toolDetails(catalog: Catalog, key: string) {
  const tool = catalog.getBridge(key) ?? catalog.getExchange(key);
  return { key, name: tool?.name ?? key, logoURI: tool?.logoURI ?? '' };
}

/** LI.FI's share of a bridge leg's fee in the twin, in percent: the rest is the bridge's. */
const LIFI_FEE_SHARE = 20n;

/**
 * A leg's fee items. A bridge leg's fee is itemised as production itemises it: LI.FI's own fee, with its `feeSplit`
 * between LI.FI and the integrator (who takes none here: the twin refuses `fee` above 0), then the bridge's. The
 * twin's pricing has one fee per leg (server/routing/bridgeLeg.ts), so LI.FI's is a fixed share of it: the two add
 * up to exactly what the leg takes, and the route's amounts stay what the devnet pays.
 */
function feeCosts(catalog: Catalog, leg: PricedLeg): FeeCost[] {
  const item: FeeCost = feeItem(catalog, leg, lifiToken(leg.tokenIn));
  if (leg.kind === 'swap' || leg.amountIn === 0n) return [item];
  const lifiFee = (leg.feeAmount * LIFI_FEE_SHARE) / 100n;
  const bridgeFee = leg.feeAmount - lifiFee;
  const share = (amount: bigint) => (Number(amount) / Number(leg.amountIn)).toFixed(6);
  return [
    {
      name: 'LIFI Fixed Fee',
      description: 'Fixed LI.FI fee, independent of any other fee',
      token: item.token,
      amount: lifiFee.toString(),
      amountUSD: usdOf(catalog, leg.tokenIn, lifiFee),
      percentage: share(lifiFee),
      included: true,
      feeSplit: {
        lifiFee: lifiFee.toString(),
        integratorFee: '0',
        recipients: [{ name: 'lifi', fee: lifiFee.toString(), type: 'FIXED' }],
      },
    },
    {
      ...item,
      amount: bridgeFee.toString(),
      amountUSD: usdOf(catalog, leg.tokenIn, bridgeFee),
      percentage: share(bridgeFee),
    },
  ];
}

function gasCosts(ctx: RoutingContext, route: PricedRoute, gasLimit: bigint): GasCost[] {
  const native = ctx.catalog.nativeToken(route.request.fromChain.id);
  if (!native) return [];
  if (route.request.fromChain.chainType === 'SOLANA') {
    // Compute units at micro-lamports each, and the lamports the deposit pays (its signature and priority fee).
    return [
      {
        type: 'SEND',
        price: route.gasPrice.toString(),
        estimate: route.gasLimit.toString(),
        limit: route.gasLimit.toString(),
        amount: route.gasCostWei.toString(),
        amountUSD: usdOf(ctx.catalog, native, route.gasCostWei),
        token: lifiToken(native),
      },
    ];
  }
  return [
    {
      type: 'SEND',
      price: route.gasPrice.toString(),
      estimate: gasLimit.toString(),
      limit: gasLimitWithMargin(gasLimit).toString(),
      amount: (gasLimit * route.gasPrice).toString(),
      amountUSD: usdOf(ctx.catalog, native, gasLimit * route.gasPrice),
      token: lifiToken(native),
    },
  ];
}

function approval(route: PricedRoute) {
  const { fromToken } = route.request;
  return APPROVAL_RESET_TOKENS.has(`${fromToken.chainId}:${fromToken.address.toLowerCase()}`)
    ? { approvalReset: true }
    : {};
}

/** One included step per leg: `swap` or `cross`, each with its own action and estimate. */
function includedStep(ctx: RoutingContext, stepId: string, leg: PricedLeg, index: number, route: PricedRoute): Step {
  const tool = legTool(leg).key;
  const { fromChainId, toChainId } = legChains(leg);
  const { request } = route;
  const base = {
    id: `${stepId}:${index}`,
    tool,
    toolDetails: toolDetails(ctx.catalog, tool),
    action: {
      fromChainId,
      toChainId,
      fromToken: lifiToken(leg.tokenIn),
      toToken: lifiToken(leg.tokenOut),
      fromAmount: leg.amountIn.toString(),
      slippage: request.slippage,
      ...(request.fromAddress ? { fromAddress: request.fromAddress } : {}),
      ...(request.toAddress ? { toAddress: request.toAddress } : {}),
    },
    estimate: {
      tool,
      fromAmount: leg.amountIn.toString(),
      fromAmountUSD: usdOf(ctx.catalog, leg.tokenIn, leg.amountIn),
      toAmount: leg.amountOut.toString(),
      toAmountMin: leg.amountOutMin.toString(),
      toAmountUSD: usdOf(ctx.catalog, leg.tokenOut, leg.amountOut),
      approvalAddress: LIFI_DIAMOND_ADDRESS,
      executionDuration: Math.round(leg.durationSec),
      feeCosts: feeCosts(ctx.catalog, leg),
      gasCosts: [],
    },
  };
  return leg.kind === 'swap' ? { ...base, type: 'swap' } : { ...base, type: 'cross' };
}

/**
 * Gas on arrival (LI.FI's `fromAmountForGas`), as its own included step before the bridge: a `protocol` step of tool
 * `gasZip`, as LI.FI's widget finds it (`includedSteps.some((step) => step.tool === 'gasZip')`), from the part of the
 * token sent to the destination's native coin, paid to the step's receiver.
 */
function gasOnArrivalStep(ctx: RoutingContext, stepId: string, route: PricedRoute): Step | undefined {
  const gas = route.gasOnArrival;
  if (!gas) return undefined;
  const { request } = route;
  const receiver = request.toAddress ?? request.fromAddress;
  return {
    id: `${stepId}:gas`,
    type: 'protocol',
    tool: 'gasZip',
    toolDetails: { key: 'gasZip', name: 'Gas.zip', logoURI: '' },
    action: {
      fromChainId: request.fromChain.id,
      toChainId: request.toChain.id,
      fromToken: lifiToken(request.fromToken),
      toToken: lifiToken(gas.token),
      fromAmount: gas.amountIn.toString(),
      slippage: request.slippage,
      ...(request.fromAddress ? { fromAddress: request.fromAddress } : {}),
      ...(receiver ? { toAddress: receiver } : {}),
    },
    estimate: {
      tool: 'gasZip',
      fromAmount: gas.amountIn.toString(),
      fromAmountUSD: usdOf(ctx.catalog, request.fromToken, gas.amountIn),
      toAmount: gas.nativeOut.toString(),
      toAmountMin: gas.nativeOutMin.toString(),
      toAmountUSD: usdOf(ctx.catalog, gas.token, gas.nativeOut),
      approvalAddress: LIFI_DIAMOND_ADDRESS,
      executionDuration: 0,
      feeCosts: [],
      gasCosts: [],
    },
  };
}

/**
 * `recipient`: an EVM address, or the base58 receiver of a Solana destination. From Solana, `from` is the person's
 * base58 key and `solana` the deposit's transaction, built beforehand (server/routing/solanaDeposit.ts).
 */
export type StepTransactionOptions = { from: string; recipient: string; now: number; solana?: SolanaDeposit };

/**
 * A priced route as one LiFiStep (type `lifi`, includedSteps per leg). With `tx`, it carries the diamond's
 * transaction request (numbers in hex, as production sends them).
 */
export function lifiStep(
  ctx: RoutingContext,
  route: PricedRoute,
  integrator: string,
  tx?: StepTransactionOptions,
  /** A later step of a multi-step route: its id does not bind the amount (server/lifi/multiStep.ts). */
  options: { followsPrevious?: boolean } = {},
): LiFiStep {
  const { request } = route;
  const id = options.followsPrevious ? followingStepIdOf(ctx, route) : routeIdOf(ctx, route);
  const tool = toolOf(route);
  const transaction =
    tx && !tx.solana
      ? buildDiamondTransaction({
          route,
          routeId: id,
          from: tx.from as `0x${string}`,
          recipient: tx.recipient,
          integrator,
          now: tx.now,
          promises: ctx.bridgePromises,
        })
      : undefined;
  const gasLimit = transaction ? transaction.gasLimit : gasLimitWithMargin(route.gasLimit);
  const hex = (n: bigint) => `0x${n.toString(16)}`;
  return {
    id,
    type: 'lifi',
    tool,
    toolDetails: toolDetails(ctx.catalog, tool),
    integrator,
    action: {
      fromChainId: request.fromChain.id,
      fromAmount: request.fromAmount.toString(),
      fromToken: lifiToken(request.fromToken),
      toChainId: request.toChain.id,
      toToken: lifiToken(request.toToken),
      slippage: request.slippage,
      ...(request.fromAddress ? { fromAddress: request.fromAddress } : {}),
      ...(request.toAddress ? { toAddress: request.toAddress } : {}),
    },
    estimate: {
      tool,
      fromAmount: request.fromAmount.toString(),
      fromAmountUSD: usdOf(ctx.catalog, request.fromToken, request.fromAmount),
      toAmount: route.toAmount.toString(),
      toAmountMin: route.toAmountMin.toString(),
      toAmountUSD: usdOf(ctx.catalog, request.toToken, route.toAmount),
      // Nothing is approved on Solana (the deposit is a plain transfer): the field, a string, names the System Program.
      approvalAddress: request.fromChain.chainType === 'SOLANA' ? SOLANA_SYSTEM_PROGRAM : LIFI_DIAMOND_ADDRESS,
      executionDuration: route.durationSec,
      feeCosts: route.legs.flatMap((leg) => feeCosts(ctx.catalog, leg)),
      gasCosts: gasCosts(ctx, route, gasLimit),
      ...approval(route),
    },
    includedSteps: [
      ...[gasOnArrivalStep(ctx, id, route)].filter((step) => step !== undefined),
      ...route.legs.map((leg, i) => includedStep(ctx, id, leg, i, route)),
    ],
    // From Solana, li.quest's transactionRequest holds only `data`: the serialized transaction in base64.
    ...(tx?.solana ? { transactionId: tx.solana.transactionId, transactionRequest: { data: tx.solana.data } } : {}),
    ...(transaction
      ? {
          transactionRequest: {
            from: transaction.from,
            to: transaction.to,
            chainId: transaction.chainId,
            data: transaction.data,
            value: hex(transaction.value),
            gasLimit: hex(transaction.gasLimit),
            gasPrice: hex(transaction.gasPrice),
          },
        }
      : {}),
  };
}

/** A Route: the request's figures and one step (steps[] stays general for multi-step routes). */
export function lifiRoute(ctx: RoutingContext, route: PricedRoute, integrator: string, tags: Order[]): Route {
  const step = lifiStep(ctx, route, integrator);
  const { request } = route;
  return {
    id: step.id,
    insurance: { state: 'NOT_INSURABLE', feeAmountUsd: '0' },
    fromChainId: request.fromChain.id,
    fromAmountUSD: step.estimate.fromAmountUSD ?? '0.00',
    fromAmount: request.fromAmount.toString(),
    fromToken: lifiToken(request.fromToken),
    ...(request.fromAddress ? { fromAddress: request.fromAddress } : {}),
    toChainId: request.toChain.id,
    toAmountUSD: step.estimate.toAmountUSD ?? '0.00',
    toAmount: route.toAmount.toString(),
    toAmountMin: route.toAmountMin.toString(),
    toToken: lifiToken(request.toToken),
    ...(request.toAddress ? { toAddress: request.toAddress } : {}),
    gasCostUSD: formatUSD(route.gasUSD),
    containsSwitchChain: false,
    steps: [step],
    tags,
  };
}
