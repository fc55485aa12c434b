import type { ToolsResponse } from '../schemas/catalog';
import { ToolsResponseSchema } from '../schemas/catalog';
import type { RoutingClient } from './client';
import type { RequestErrorType } from './errors';

export type GetToolsParameters = {
  /** Only tools on these chains (sent as `chains=1,10`). */
  chains?: readonly (number | string)[] | undefined;
  signal?: AbortSignal | undefined;
};
/** `{ bridges, exchanges }`. */
export type GetToolsReturnType = ToolsResponse;
export type GetToolsErrorType = RequestErrorType;

/** GET /v1/tools: bridges and exchanges usable for routing. */
export async function getTools(client: RoutingClient, params: GetToolsParameters = {}): Promise<GetToolsReturnType> {
  return client.request({
    method: 'GET',
    path: '/v1/tools',
    query: { chains: params.chains },
    schema: ToolsResponseSchema,
    signal: params.signal,
  });
}
