import * as v from 'valibot';
import type { StatusResponse } from '../schemas/status';
import { StatusResponseSchema } from '../schemas/status';
import type { RoutingClient } from './client';
import { HttpRequestError, type RequestErrorType } from './errors';

export type GetStatusParameters = {
  /** Transaction hash on the source chain. */
  txHash: string;
  signal?: AbortSignal | undefined;
};
/** `status` is open-ended (NOT_FOUND, PENDING, DONE, FAILED, and others): show unknown values as sent. */
export type GetStatusReturnType = StatusResponse;
export type GetStatusErrorType = RequestErrorType;

/**
 * GET /v1/status. An unknown hash is NOT_FOUND, which is no error: the source transaction may not be indexed yet.
 * LI.FI answers it with HTTP 404 and a status body at times, so a 404 whose body is a valid status is returned too.
 */
export async function getStatus(client: RoutingClient, params: GetStatusParameters): Promise<GetStatusReturnType> {
  try {
    return await client.request({
      method: 'GET',
      path: '/v1/status',
      query: { txHash: params.txHash },
      schema: StatusResponseSchema,
      signal: params.signal,
    });
  } catch (err) {
    if (err instanceof HttpRequestError && err.status === 404) {
      const asStatus = v.safeParse(StatusResponseSchema, err.responseBody);
      if (asStatus.success && asStatus.output.status === 'NOT_FOUND') return asStatus.output;
    }
    throw err;
  }
}
