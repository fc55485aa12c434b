import type { Token } from '../schemas/catalog';
import { TokensResponseSchema } from '../schemas/catalog';
import type { RoutingClient } from './client';
import type { RequestErrorType } from './errors';

export type GetTokensParameters = {
  /** Only tokens of these chains (sent as `chains=1,10`). */
  chains?: readonly (number | string)[] | undefined;
  signal?: AbortSignal | undefined;
};
/** Tokens grouped by chain ID (decimal string keys). */
export type GetTokensReturnType = Record<string, Token[]>;
export type GetTokensErrorType = RequestErrorType;

/** GET /v1/tokens: supported tokens, grouped by chain ID. */
export async function getTokens(client: RoutingClient, params: GetTokensParameters = {}): Promise<GetTokensReturnType> {
  const response = await client.request({
    method: 'GET',
    path: '/v1/tokens',
    query: { chains: params.chains },
    schema: TokensResponseSchema,
    signal: params.signal,
  });
  return response.tokens;
}
