import * as v from 'valibot';
import type { StatusResponse } from '../schemas/status';
import { StatusResponseSchema } from '../schemas/status';
import type { RoutingClient } from './client';
import { HttpRequestError, type RequestErrorType } from './errors';

/**
 * What names the transfer: the source chain's transaction hash, or (LI.FI, 2026) the `taskId` a relayer or intent
 * solver gave a step that the person signed as a message rather than sent. Exactly one of the two.
 */
export type StatusSubject =
  | { /** Transaction hash on the source chain. */ txHash: string; taskId?: undefined; transactionId?: undefined }
  | { /** A relayed or intent-based step's task. */ taskId: string; txHash?: undefined; transactionId?: undefined }
  | {
      /** LI.FI's own ID of a transfer (its `transactionId`), as a person may paste it: LI.FI's dialect only. */
      transactionId: string;
      txHash?: undefined;
      taskId?: undefined;
    };

export type GetStatusParameters = StatusSubject & {
  signal?: AbortSignal | undefined;
};

/** The query naming the transfer: `taskId` instead of `txHash` when the step has a task and no hash. */
export const statusSubjectQuery = (
  params: StatusSubject,
): { txHash: string } | { taskId: string } | { transactionId: string } =>
  params.taskId !== undefined
    ? { taskId: params.taskId }
    : params.transactionId !== undefined
      ? { transactionId: params.transactionId }
      : { txHash: params.txHash };
/** `status` is open-ended (NOT_FOUND, PENDING, DONE, FAILED, and others): show unknown values as sent. */
export type GetStatusReturnType = StatusResponse;
export type GetStatusErrorType = RequestErrorType;

/**
 * GET /v1/status. An unknown hash is NOT_FOUND, which is no error: the source transaction may not be indexed yet.
 * LI.FI answers it with HTTP 404 and a status body at times, so a 404 whose body is a valid status is returned too.
 * The spec names transfers by hash only: a `taskId` is sent as asked, and a service that knows none refuses it (400).
 */
export async function getStatus(client: RoutingClient, params: GetStatusParameters): Promise<GetStatusReturnType> {
  try {
    return await client.request({
      method: 'GET',
      path: '/v1/status',
      query: statusSubjectQuery(params),
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
