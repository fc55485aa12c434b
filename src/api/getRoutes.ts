import type { RouteOrder } from '../schemas/requests';
import type { RoutesResponse } from '../schemas/route';
import { RoutesResponseSchema } from '../schemas/route';
import type { RoutingClient } from './client';
import type { RequestErrorType } from './errors';
import { getTools } from './getTools';
import { hasToolLists, keepTools, toolListingOf } from './toolListing';

export type GetRoutesParameters = {
  fromChainId: number | string;
  fromTokenAddress: string;
  toChainId: number | string;
  toTokenAddress: string;
  /** In the token's smallest unit. */
  fromAmount: bigint | string;
  fromAddress?: string | undefined;
  toAddress?: string | undefined;
  /**
   * Gas on arrival (LI.FI's `fromAmountForGas`): the part of `fromAmount` that becomes native gas on the destination.
   * Only a LI.FI-dialect service takes it; the spec has no such field and is not sent it.
   */
  fromAmountForGas?: bigint | string | undefined;
  options?:
    | {
        /** Fraction: 0.005 is 0.5 %. */
        slippage?: number | undefined;
        order?: RouteOrder | undefined;
        /** The service defaults to 10. */
        maxRoutes?: number | undefined;
        bridges?:
          | {
              allow?: readonly string[] | undefined;
              deny?: readonly string[] | undefined;
              prefer?: readonly string[] | undefined;
            }
          | undefined;
      }
    | undefined;
  signal?: AbortSignal | undefined;
};
/**
 * `{ routes, unavailableRoutes? }`. "No route" may come as a 404 error (HttpRequestError, code 1002) or as 200 with
 * an empty `routes` list and `unavailableRoutes` explaining why: callers handle both.
 */
export type GetRoutesReturnType = RoutesResponse;
export type GetRoutesErrorType = RequestErrorType;

/**
 * POST /v1/advanced/routes: several routes sorted by `options.order`. The spec filters bridges only and refuses a key
 * it does not know as a bridge, so the person's tool lists (which may name exchanges: LI.FI filters both) keep only
 * the service's bridges, by its own tools listing; an exchange choice cannot apply here and must not fail the search.
 */
export async function getRoutes(client: RoutingClient, params: GetRoutesParameters): Promise<GetRoutesReturnType> {
  const { signal, ...rest } = params;
  let options = params.options;
  if (hasToolLists(options?.bridges)) {
    // Without a listing the lists go as they are: the search must not fail for want of a filter's cleanup.
    const tools = await toolListingOf(client, getTools, signal).catch(() => undefined);
    if (tools) {
      options = { ...options, bridges: keepTools(options.bridges, new Set(tools.bridges.map((tool) => tool.key))) };
    }
  }
  return client.request({
    method: 'POST',
    path: '/v1/advanced/routes',
    body: {
      // The spec writes chain IDs and amounts as strings in requests.
      fromChainId: String(rest.fromChainId),
      fromTokenAddress: rest.fromTokenAddress,
      toChainId: String(rest.toChainId),
      toTokenAddress: rest.toTokenAddress,
      fromAmount: String(rest.fromAmount),
      fromAddress: rest.fromAddress,
      toAddress: rest.toAddress,
      options: options && compactOptions(options),
    },
    schema: RoutesResponseSchema,
    signal,
  });
}

/** Leaves out empty bridge lists: an empty `allow` would read as "no bridge allowed". */
function compactOptions(options: NonNullable<GetRoutesParameters['options']>) {
  const { bridges, ...rest } = options;
  const nonEmpty = (list: readonly string[] | undefined) => (list && list.length > 0 ? list : undefined);
  const compactBridges = bridges && {
    allow: nonEmpty(bridges.allow),
    deny: nonEmpty(bridges.deny),
    prefer: nonEmpty(bridges.prefer),
  };
  const hasBridges = compactBridges && Object.values(compactBridges).some((list) => list !== undefined);
  return { ...rest, bridges: hasBridges ? compactBridges : undefined };
}
