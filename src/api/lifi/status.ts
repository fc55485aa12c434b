import * as v from 'valibot';
import { type LifiStatusResponse, LifiStatusResponseSchema } from '../../schemas/lifi/status';
import { StatusResponseSchema } from '../../schemas/status';
import type { RoutingClient } from '../client';
import { HttpRequestError } from '../errors';
import { type GetStatusParameters, type GetStatusReturnType, statusSubjectQuery } from '../getStatus';
import { parseResponse } from '../validate';

export type GetLifiStatusParameters = GetStatusParameters & {
  /** Where the transfer started and ends, from the extension's own record: LI.FI finds the hash faster with them. */
  fromChainId?: number | undefined;
  toChainId?: number | undefined;
};

/**
 * LI.FI's status in the internal (spec) shape: top-level chain IDs from the legs, else from what the extension
 * recorded; a missing receiving leg (FAILED) stays missing, which the internal model allows for every status but
 * DONE. The result is checked against the spec's rules, so a DONE without complete legs is refused here too.
 */
export function normalizeLifiStatus(
  answer: LifiStatusResponse,
  hints: { fromChainId?: number | undefined; toChainId?: number | undefined } = {},
): unknown {
  const { sending, receiving: leg, ...fields } = answer;
  const receiving = leg && withTokenName(leg);
  const rest = {
    ...fields,
    sending: sending && withTokenName(sending),
    // The bridge's own page says most about funds in flight; LI.FI's scan page follows every transfer it routed.
    explorerLink: answer.bridgeExplorerLink ?? answer.lifiExplorerLink,
  };
  if (answer.status === 'NOT_FOUND' || answer.status === 'INVALID')
    return { ...rest, receiving: receiving ?? undefined };
  const fromChainId = answer.sending?.chainId ?? hints.fromChainId;
  const toChainId = receiving?.chainId ?? hints.toChainId;
  return {
    ...rest,
    fromChainId,
    toChainId,
    // An intent waiting for its funds (INTENT_AWAITING_FUNDS) has no sending transaction yet: the leg names its chain.
    sending: rest.sending ?? (fromChainId === undefined ? {} : { chainId: fromChainId }),
    // The internal model wants both legs for a status in progress; LI.FI leaves the receiving one out until known.
    receiving: receiving ?? (toChainId === undefined ? {} : { chainId: toChainId }),
  };
}

type Leg = NonNullable<LifiStatusResponse['sending']>;
/** LI.FI leaves token names out of status legs; the symbol is the name a person reads anyway. */
const withTokenName = (leg: Leg): Leg =>
  leg.token ? { ...leg, token: { ...leg.token, name: leg.token.name ?? leg.token.symbol } } : leg;

/**
 * GET /v1/status in LI.FI's dialect, by `txHash` or by `taskId` (an intent-based or relayed step's task). NOT_FOUND
 * (200, or 404 with a status body) is a value, as in the spec's.
 */
export async function getLifiStatus(
  client: RoutingClient,
  params: GetLifiStatusParameters,
): Promise<GetStatusReturnType> {
  const url = `${client.config.baseUrl}/v1/status`;
  let answer: LifiStatusResponse;
  try {
    answer = await client.request({
      method: 'GET',
      path: '/v1/status',
      query: { ...statusSubjectQuery(params), fromChain: params.fromChainId, toChain: params.toChainId },
      schema: LifiStatusResponseSchema,
      signal: params.signal,
    });
  } catch (err) {
    if (!(err instanceof HttpRequestError && err.status === 404)) throw err;
    const asStatus = v.safeParse(LifiStatusResponseSchema, err.responseBody);
    if (!asStatus.success || asStatus.output.status !== 'NOT_FOUND') throw err;
    answer = asStatus.output;
  }
  return parseResponse(StatusResponseSchema, normalizeLifiStatus(answer, params), { url, method: 'GET' });
}
