import type { Step, StepTransactionResponse } from '../schemas/route';
import { StepTransactionResponseSchema } from '../schemas/route';
import type { RoutingClient } from './client';
import type { RequestErrorType } from './errors';

export type GetStepTransactionParameters = {
  /** A step taken from the routes list (its action must carry fromAddress and toAddress). */
  step: Step;
  /** Wallet that signs and sends the transaction. */
  senderAddress: string;
  /** Wallet that receives the funds. */
  recipientAddress: string;
  signal?: AbortSignal | undefined;
};
export type GetStepTransactionReturnType = StepTransactionResponse;
/** A 409 (code 1007) means the rate moved beyond the slippage: ask the user to accept the new rate. */
export type GetStepTransactionErrorType = RequestErrorType;

/** POST /v1/advanced/stepTransaction: the signable transaction for a route step, with current gas data. */
export async function getStepTransaction(
  client: RoutingClient,
  params: GetStepTransactionParameters,
): Promise<GetStepTransactionReturnType> {
  return client.request({
    method: 'POST',
    path: '/v1/advanced/stepTransaction',
    query: { senderAddress: params.senderAddress, recipientAddress: params.recipientAddress },
    body: params.step,
    schema: StepTransactionResponseSchema,
    signal: params.signal,
  });
}
