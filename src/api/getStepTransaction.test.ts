import { describe, expect, it } from 'vitest';
import { errorBody, RECIPIENT, step, stepTransactionResponse, WALLET } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { HttpRequestError, SchemaError } from './errors';
import { getStepTransaction } from './getStepTransaction';

const server = useScriptedServer();
const client = () => createRoutingClient({ baseUrl: server.current.url });
const params = () => ({ step: step(), senderAddress: WALLET, recipientAddress: RECIPIENT });

describe('getStepTransaction', () => {
  it('POSTs the step with sender and recipient in the query', async () => {
    server.current.script('POST /v1/advanced/stepTransaction', { body: stepTransactionResponse() });
    await getStepTransaction(client(), params());
    const [req] = server.current.requests;
    expect(req?.path).toBe('/v1/advanced/stepTransaction');
    expect(Object.fromEntries(req?.query ?? [])).toEqual({ senderAddress: WALLET, recipientAddress: RECIPIENT });
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual(step());
  });

  it('returns the transaction with a decimal value and a null gas price', async () => {
    server.current.script('POST /v1/advanced/stepTransaction', { body: stepTransactionResponse() });
    const result = await getStepTransaction(client(), params());
    expect(result.transactionRequest).toMatchObject({ value: '0', gasLimit: '200000', gasPrice: null });
    expect(result.execution).toBeNull();
  });

  it('refuses a transaction request without gasLimit, which a step transaction must carry', async () => {
    const body = stepTransactionResponse();
    const { gasLimit: _, ...transactionRequest } = body.transactionRequest;
    server.current.script('POST /v1/advanced/stepTransaction', { body: { ...body, transactionRequest } });
    const err = await getStepTransaction(client(), params()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).paths).toEqual(['transactionRequest.gasLimit']);
  });

  it('reports a rate that moved beyond the slippage, once, without retrying', async () => {
    server.current.script('POST /v1/advanced/stepTransaction', {
      status: 409,
      body: errorBody(1007, 'The new rate is outside the slippage tolerance'),
    });
    const err = await getStepTransaction(client(), params()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect((err as HttpRequestError).shortMessage).toBe('The rate moved beyond your slippage.');
    expect((err as HttpRequestError).details).toContain('The new rate is outside the slippage tolerance');
    expect(server.current.requests).toHaveLength(1);
  });
});
