import { LifiQuoteSchema } from '../../schemas/lifi/route';
import type { RoutingClient } from '../client';
import { LIFI_INTEGRATOR } from '../dialect';
import { type GetQuoteParameters, type GetQuoteReturnType, quoteQuery } from '../getQuote';

/**
 * GET /v1/quote in LI.FI's encoding: the spec's query with LI.FI's order and the integrator. LI.FI requires
 * `fromAddress` (the caller passes the connected account).
 */
export async function getLifiQuote(client: RoutingClient, params: GetQuoteParameters): Promise<GetQuoteReturnType> {
  return client.request({
    method: 'GET',
    path: '/v1/quote',
    query: { ...quoteQuery(params), order: 'CHEAPEST', integrator: LIFI_INTEGRATOR },
    schema: LifiQuoteSchema,
    signal: params.signal,
  });
}
