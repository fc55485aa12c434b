import type { Chain } from '../schemas/catalog';
import { ChainsResponseSchema } from '../schemas/catalog';
import type { RoutingClient } from './client';
import type { RequestErrorType } from './errors';

export type GetChainsParameters = {
  /** Restrict to these chain types, e.g. `['EVM']` (sent as `chainTypes=EVM,SOLANA`). */
  chainTypes?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
};
export type GetChainsReturnType = Chain[];
export type GetChainsErrorType = RequestErrorType;

/** GET /v1/chains: every supported chain. */
export async function getChains(client: RoutingClient, params: GetChainsParameters = {}): Promise<GetChainsReturnType> {
  const response = await client.request({
    method: 'GET',
    path: '/v1/chains',
    query: { chainTypes: params.chainTypes },
    schema: ChainsResponseSchema,
    signal: params.signal,
  });
  return response.chains;
}
