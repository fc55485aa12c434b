import { describe, expect, it } from 'vitest';
import { lifiChainsBody } from '../../../testing/lifi/recorded/catalog';
import { lifiStatusPendingBody } from '../../../testing/lifi/recorded/status';
import { useScriptedServer } from '../../../testing/useScriptedServer';
import { substatusText } from '../../format/status';
import { KNOWN_SUBSTATUSES } from '../../schemas/status';
import { routingActions } from '../adapters';
import { createRoutingClient } from '../client';
import { LIFI_INTEGRATOR } from '../dialect';
import { getStatus } from '../getStatus';

/**
 * LI.FI's 2026 additions to status (intent substatuses, status by `taskId`) and the integrator header, over real
 * loopback HTTP in the `lifi` dialect.
 */
const server = useScriptedServer();
const lifi = routingActions('lifi');
const client = (dialect: 'lifi' | 'spec' = 'lifi') =>
  createRoutingClient({ baseUrl: server.current.url, dialect, retry: { attempts: 1 } });
const TASK = '0x6c6966692d7461736b7c3432313631';
const INTENT_SUBSTATUSES = [
  'INTENT_AWAITING_FUNDS',
  'INTENT_READY',
  'INTENT_EXECUTING',
  'INTENT_FAILED_RETRYABLE',
  'INTENT_SIMULATION_FAILURE',
] as const;

/** An intent waiting for its deposit: no sending transaction yet, LI.FI knows only where it goes. */
const awaitingFunds = () => {
  const { sending: _, ...body } = lifiStatusPendingBody();
  return { ...body, substatus: 'INTENT_AWAITING_FUNDS' };
};

describe('LI.FI status: intents', () => {
  it('asks by taskId instead of txHash, with the chain hints', async () => {
    server.current.script('GET /v1/status', { body: lifiStatusPendingBody() });
    await lifi.getStatus(client(), { taskId: TASK, fromChainId: 1, toChainId: 42161 });
    expect(server.current.requests[0]?.url).toBe(`/v1/status?taskId=${TASK}&fromChain=1&toChain=42161`);
  });

  it('reads every intent substatus as a pending transfer, one without a sending transaction too', async () => {
    for (const substatus of INTENT_SUBSTATUSES) {
      server.current.script('GET /v1/status', { body: { ...lifiStatusPendingBody(), substatus } });
      const status = await lifi.getStatus(client(), { taskId: TASK });
      expect(status).toMatchObject({ status: 'PENDING', substatus, fromChainId: 1, toChainId: 42161 });
    }
    server.current.script('GET /v1/status', { body: awaitingFunds() });
    const waiting = await lifi.getStatus(client(), { taskId: TASK, fromChainId: 1, toChainId: 42161 });
    expect(waiting).toMatchObject({
      status: 'PENDING',
      substatus: 'INTENT_AWAITING_FUNDS',
      sending: { chainId: 1 },
      receiving: { chainId: 42161 },
    });
    expect(waiting.sending?.txHash).toBeUndefined();
  });

  it('knows the intent substatuses and says each in words rather than as a code', () => {
    for (const substatus of INTENT_SUBSTATUSES) {
      expect(KNOWN_SUBSTATUSES).toContain(substatus);
      expect(substatusText(substatus)).not.toBe(substatus);
      expect(substatusText(substatus)).toMatch(/^[a-z][a-z ;'.]+$/);
    }
    expect(substatusText('INTENT_FAILED_RETRYABLE')).toMatch(/trying again/);
  });

  it('the spec dialect sends a taskId as asked, by name', async () => {
    server.current.script('GET /v1/status', { body: { status: 'NOT_FOUND' } });
    await getStatus(client('spec'), { taskId: TASK });
    expect(server.current.requests[0]?.url).toBe(`/v1/status?taskId=${TASK}`);
  });
});

describe('LI.FI integrator header', () => {
  it('names the extension in x-lifi-integrator on every LI.FI request, and never to the spec’s services', async () => {
    server.current.script('GET /v1/chains', { body: lifiChainsBody() }, { body: lifiChainsBody() });
    await lifi.getChains(client());
    expect(server.current.requests[0]!.headers['x-lifi-integrator']).toBe(LIFI_INTEGRATOR);
    server.current.script('GET /v1/status', { body: lifiStatusPendingBody() });
    await lifi.getStatus(client(), { taskId: TASK });
    expect(server.current.requests[1]!.headers['x-lifi-integrator']).toBe(LIFI_INTEGRATOR);
    server.current.script('GET /v1/status', { body: { status: 'NOT_FOUND' } });
    await getStatus(client('spec'), { txHash: `0x${'ab'.repeat(32)}` });
    expect(server.current.requests[2]!.headers['x-lifi-integrator']).toBeUndefined();
  });
});
