import { decodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifiDiamondAbi } from '../../src/contracts/lifiDiamond';
import { type RunningServer, startServer } from '../app';
import { SENDER, USDC } from '../testing/serviceClient';

/**
 * `x-lifi-integrator`, which LI.FI's SDK and the extension send on every request, names the integrator wherever the
 * request itself does not: in the routes' steps and in the diamond's BridgeData of the step transaction, from which
 * the status reads it back. A name the request gives wins; a header that is no plain name is ignored.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
});
afterAll(async () => {
  await server?.close();
});

type Step = { integrator: string; transactionRequest?: { data: `0x${string}` } } & Record<string, unknown>;

const routes = async (headers: Record<string, string>, integrator?: string): Promise<Step[]> => {
  const res = await fetch(`${server.url}/v1/advanced/routes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      fromChainId: 1,
      toChainId: 42161,
      fromTokenAddress: USDC[1],
      toTokenAddress: USDC[42161],
      fromAmount: '25000000',
      fromAddress: SENDER,
      ...(integrator ? { options: { integrator } } : {}),
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { routes: { steps: Step[] }[] }).routes.flatMap((r) => r.steps);
};

describe('x-lifi-integrator on the twin', () => {
  it('names the integrator of routes, unless the body names one or the header is no plain name', async () => {
    const named = { 'x-lifi-integrator': 'bridge-companion' };
    expect(new Set((await routes(named)).map((s) => s.integrator))).toEqual(new Set(['bridge-companion']));
    expect(new Set((await routes(named, 'tests')).map((s) => s.integrator))).toEqual(new Set(['tests']));
    const odd = await routes({ 'x-lifi-integrator': 'has spaces <b>' });
    expect(odd.some((s) => s.integrator === 'has spaces <b>')).toBe(false);
  });

  it('writes it into the diamond call of a step sent back without one', async () => {
    // Across: its facet is in the diamond's ABI read here, whichever other bridges the twin offers.
    const step = (await routes({})).find((s) => s.tool === 'across');
    const { integrator: _, ...bare } = step!;
    const res = await fetch(`${server.url}/v1/advanced/stepTransaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lifi-integrator': 'bridge-companion' },
      body: JSON.stringify(bare),
    });
    expect(res.status).toBe(200);
    const populated = (await res.json()) as Step;
    expect(populated.integrator).toBe('bridge-companion');
    const call = decodeFunctionData({ abi: lifiDiamondAbi, data: populated.transactionRequest!.data });
    expect((call.args![0] as { integrator: string }).integrator).toBe('bridge-companion');
  });
});
