import type { GasRecommendationResponse, TokenBalance } from '@lifi/types';
import * as v from 'valibot';
import type { CatalogToken } from '../catalog/catalogToken';
import { invalidField } from '../http/apiError';
import { type Handler, json } from '../http/handler';
import { parseRequest } from '../http/validate';
import { usdOf } from '../routing/legFigures';
import type { RoutingContext } from '../routing/routingContext';
import { lifiToken } from './present';
import { chainIdOf } from './refs';

/**
 * Gas a person should have for the next few transactions on a chain: a swap, an approval and a transfer or two.
 * Times the chain's current gas price (the devnet's, read on chain, or the chain's default), it is `recommended`.
 */
const RECOMMENDED_GAS = 600_000n;
/** The most gas on arrival the twin's Gas.zip takes, as a multiple of what it recommends. */
const LIMIT_FACTOR = 10n;
/** What a token paid for gas costs more than the gas at reference prices: a swap's fee and drift. */
const FROM_AMOUNT_MARGIN_BPS = 100n;

const GasSuggestionQuerySchema = v.object({
  fromChain: v.optional(v.pipe(v.string(), v.regex(/^([1-9][0-9]{0,17}|[a-z]{3,5})$/, 'must be a chain ID or key'))),
  fromToken: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a token address'))),
});

const balance = (ctx: RoutingContext, token: CatalogToken, amount: bigint): TokenBalance => ({
  token: lifiToken(token),
  amount: amount.toString(),
  amountUsd: usdOf(ctx.catalog, token, amount),
});

/** `amount` of `native` priced in `from`, rounded up, with the margin a swap to it needs. */
function costIn(ctx: RoutingContext, native: CatalogToken, amount: bigint, from: CatalogToken): bigint {
  if (from.coinKey === native.coinKey && from.decimals === native.decimals) return amount;
  const price = (token: CatalogToken) => BigInt(Math.round(ctx.catalog.priceOf(token) * 1e9)) * 10n ** 9n;
  const usd = (amount * price(native)) / 10n ** BigInt(native.decimals);
  const raw = (usd * 10n ** BigInt(from.decimals) + price(from) - 1n) / price(from);
  return (raw * (10_000n + FROM_AMOUNT_MARGIN_BPS) + 9_999n) / 10_000n;
}

/**
 * GET /v1/gas/suggestion/{chainId} (`@lifi/types` GasRecommendationResponse, the LI.FI SDK's getGasRecommendation):
 * what to keep or bring for gas on `chainId`, from the twin's own chain state. Alone, `recommended` is what a
 * person should keep back (LI.FI's widget keeps it when MAX sends the native coin) and `limit` the most gas on
 * arrival it takes; with `fromChain` and `fromToken`, also what of that token buys the recommended gas there
 * (`fromToken`, `fromAmount`, what a client sends as `fromAmountForGas`). `available: false` with a `message` where the
 * twin's Gas.zip pays nothing: a non-EVM chain, or a source whose native coin is not the destination's.
 */
export const getLifiGasSuggestion: Handler = (ctx, req) => {
  const ref = decodeURIComponent(req.url.pathname.split('/').pop() ?? '');
  const chainId = chainIdOf(ctx, ref, 'chainId');
  const chain = ctx.catalog.getChain(chainId);
  if (!chain || (ctx.servedChains && !ctx.servedChains.has(chainId))) {
    throw invalidField('chainId', `unknown chain ID: ${ref}`);
  }
  const q = parseRequest(GasSuggestionQuerySchema, req.query);
  const native = ctx.catalog.nativeToken(chainId);
  const unavailable = (message: string) => json({ available: false, message } satisfies GasRecommendationResponse);
  if (!native || chain.chainType !== 'EVM') return unavailable(`No gas suggestion for ${chain.name}`);
  const recommended = ctx.gas.gasPrice(chainId) * RECOMMENDED_GAS;
  const answer: GasRecommendationResponse = {
    available: true,
    recommended: balance(ctx, native, recommended),
    limit: balance(ctx, native, recommended * LIMIT_FACTOR),
    serviceFee: balance(ctx, native, 0n),
  };
  if (q.fromChain === undefined && q.fromToken === undefined) return json(answer);
  if (q.fromChain === undefined || q.fromToken === undefined) {
    throw invalidField(q.fromChain === undefined ? 'fromChain' : 'fromToken', 'fromChain and fromToken go together');
  }
  const fromChainId = chainIdOf(ctx, q.fromChain, 'fromChain');
  const fromToken = ctx.catalog.findToken(fromChainId, q.fromToken);
  if (!fromToken) throw invalidField('fromToken', `unknown token on chain ${fromChainId}: ${q.fromToken}`);
  const sourceNative = ctx.catalog.nativeToken(fromChainId);
  if (fromChainId === chainId || sourceNative?.coinKey !== native.coinKey) {
    return unavailable(`Gas on arrival is not offered to ${chain.name} from chain ${fromChainId} here`);
  }
  return json({
    ...answer,
    fromToken: lifiToken(fromToken),
    fromAmount: costIn(ctx, native, recommended, fromToken).toString(),
  } satisfies GasRecommendationResponse);
};
