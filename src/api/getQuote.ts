import type { Quote } from '../schemas/route';
import { QuoteSchema } from '../schemas/route';
import type { RoutingClient } from './client';
import type { RequestErrorType } from './errors';

export type GetQuoteParameters = {
  fromChain: number | string;
  /** Token address; the zero address for the native coin. */
  fromToken: string;
  toChain: number | string;
  toToken: string;
  /** In the token's smallest unit. */
  fromAmount: bigint | string;
  fromAddress?: string | undefined;
  toAddress?: string | undefined;
  /** Fraction: 0.005 is 0.5 %. The service defaults to 0.005. */
  slippage?: number | undefined;
  /** Only these bridges (sent as `allowBridges=a,b`). */
  allowBridges?: readonly string[] | undefined;
  /** Never these bridges (sent as `denyBridges=a,b`). */
  denyBridges?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
};
export type GetQuoteReturnType = Quote;
export type GetQuoteErrorType = RequestErrorType;

/** The query both dialects' quote requests share (LI.FI's adds its own fields: src/api/lifi/quote.ts). */
export const quoteQuery = (params: GetQuoteParameters) => ({
  fromChain: String(params.fromChain),
  fromToken: params.fromToken,
  toChain: String(params.toChain),
  toToken: params.toToken,
  fromAmount: String(params.fromAmount),
  fromAddress: params.fromAddress,
  toAddress: params.toAddress,
  slippage: params.slippage,
  allowBridges: params.allowBridges,
  denyBridges: params.denyBridges,
});

/** GET /v1/quote: the single best route by output amount, with a ready transaction request. */
export async function getQuote(client: RoutingClient, params: GetQuoteParameters): Promise<GetQuoteReturnType> {
  return client.request({
    method: 'GET',
    path: '/v1/quote',
    query: quoteQuery(params),
    schema: QuoteSchema,
    signal: params.signal,
  });
}
