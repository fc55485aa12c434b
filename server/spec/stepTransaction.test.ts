import * as v from 'valibot';
import { decodeFunctionData, keccak256, stringToHex, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { ErrorBodySchema } from '../../src/schemas/error';
import { RoutesResponseSchema, StepTransactionResponseSchema } from '../../src/schemas/route';
import { startServer } from '../app';
import {
  ARB_TOKEN,
  type JsonBody,
  postJson,
  RECIPIENT,
  SENDER,
  USDC,
  USDC_TO_ARB_ROUTES,
  useServer,
  ZERO,
} from '../testing/serviceClient';

const LINK = '0x514910771AF9Ca656af840dff83E8264EcF986CA';

describe('POST /v1/advanced/stepTransaction', () => {
  const service = useServer();

  async function firstRoute(extra: Record<string, unknown> = {}) {
    const res = await postJson(`${service.url}/v1/advanced/routes`, {
      ...USDC_TO_ARB_ROUTES,
      toAddress: RECIPIENT,
      ...extra,
    });
    const route = v.parse(RoutesResponseSchema, res.body).routes[0]!;
    return route as JsonBody;
  }

  const send = (step: unknown, sender = SENDER, recipient = RECIPIENT, url = service.url) =>
    postJson(`${url}/v1/advanced/stepTransaction?senderAddress=${sender}&recipientAddress=${recipient}`, step);

  it('turns a route into a signable startBridge transaction with decimal value and gasLimit', async () => {
    const step = await firstRoute();
    const res = await send(step);
    expect(res.status).toBe(200);
    const out = v.parse(StepTransactionResponseSchema, res.body);
    expect(out.id).toBe(step.id);
    expect(out.action.fromAddress).toBe(SENDER);
    expect(out.action.toAddress).toBe(RECIPIENT);
    const tx = out.transactionRequest;
    expect(tx).toMatchObject({ from: SENDER, to: ROUTER_ADDRESS, chainId: '1', value: '0' });
    expect(tx.gasLimit).toMatch(/^[0-9]+$/);
    expect(tx.gasPrice).toMatch(/^[0-9]+$/);
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data as `0x${string}` });
    expect(call.functionName).toBe('startBridge');
    if (call.functionName !== 'startBridge') throw new Error(call.functionName);
    const p = call.args[0];
    expect(p.routeId).toBe(keccak256(toHex(step.id)));
    expect(p.tool).toBe(stringToHex(out.tool, { size: 32 }));
    expect(p.tokenIn).toBe(USDC[1]);
    expect(p.amountIn).toBe(2_500_000_000n);
    expect(p.dstChainId).toBe(42161n);
    expect(p.dstToken).toBe(ARB_TOKEN);
    expect(p.dstAmount).toBe(BigInt(out.estimate.toAmount));
    expect(p.minDstAmount).toBe(BigInt(out.estimate.toAmountMin));
    expect(p.minDstAmount).toBeGreaterThanOrEqual(BigInt(step.estimate.toAmountMin));
    expect(p.recipient).toBe(RECIPIENT);
    // Bridge-then-swap: the bridge moves the user's token itself.
    expect(p.bridgeToken).toBe(USDC[1]);
    expect(p.minBridgeAmount).toBe(2_500_000_000n);
    expect(p.dstBridgeToken).toBe(USDC[42161]);
  });

  it('encodes the source swap: bridge token and its minimum come from the first included step', async () => {
    const step = await firstRoute({
      fromTokenAddress: LINK,
      fromAmount: '100000000000000000000',
      toTokenAddress: USDC[42161],
    });
    expect(step.includedSteps[0].type).toBe('swap');
    const out = v.parse(StepTransactionResponseSchema, (await send(step)).body);
    const call = decodeFunctionData({ abi: routerAbi, data: out.transactionRequest.data as `0x${string}` });
    if (call.functionName !== 'startBridge') throw new Error(call.functionName);
    const p = call.args[0];
    expect(p.tokenIn).toBe(LINK);
    expect(p.bridgeToken.toLowerCase()).toBe(step.includedSteps[0].action.toToken.address.toLowerCase());
    expect(p.minBridgeAmount).toBe(BigInt(step.includedSteps[0].estimate.toAmountMin));
    expect(out.estimate.approvalAddress).toBe(ROUTER_ADDRESS);
  });

  it('builds swap() for a same-chain step and a decimal native value', async () => {
    const step = await firstRoute({
      fromTokenAddress: ZERO,
      fromAmount: '1000000000000000000',
      toChainId: '1',
      toTokenAddress: USDC[1],
    });
    const out = v.parse(StepTransactionResponseSchema, (await send(step)).body);
    expect(out.transactionRequest.value).toBe('1000000000000000000');
    const call = decodeFunctionData({ abi: routerAbi, data: out.transactionRequest.data as `0x${string}` });
    expect(call.functionName).toBe('swap');
    expect(call.args).toEqual([ZERO, USDC[1], 10n ** 18n, BigInt(out.estimate.toAmountMin), RECIPIENT]);
  });

  it('still accepts the step after a server restart (the id is re-derived, not remembered)', async () => {
    const step = await firstRoute();
    const other = await startServer({ port: 0, logLevel: 'silent' });
    try {
      const res = await send(step, SENDER, RECIPIENT, other.url);
      expect(res.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 409 (code 1007) when the fresh price is below the step toAmountMin', async () => {
    const step = await firstRoute();
    const inflated = {
      ...step,
      estimate: {
        ...step.estimate,
        toAmount: (BigInt(step.estimate.toAmount) * 2n).toString(),
        toAmountMin: (BigInt(step.estimate.toAmount) * 2n).toString(),
      },
    };
    const res = await send(inflated);
    expect(res.status).toBe(409);
    expect(v.parse(ErrorBodySchema, res.body).code).toBe(1007);
  });

  it.each([
    ['a sender other than action.fromAddress', (s: JsonBody) => s, RECIPIENT, RECIPIENT, 'action.fromAddress'],
    ['a recipient other than action.toAddress', (s: JsonBody) => s, SENDER, SENDER, 'action.toAddress'],
    [
      'a tampered id',
      (s: JsonBody) => ({ ...s, id: s.id.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')) }),
      SENDER,
      RECIPIENT,
      'id',
    ],
    [
      'an id not issued for this amount',
      (s: JsonBody) => ({
        ...s,
        action: { ...s.action, fromAmount: '2500000001' },
        estimate: { ...s.estimate, fromAmount: '2500000001' },
      }),
      SENDER,
      RECIPIENT,
      'id',
    ],
    [
      'an estimate amount unlike the action',
      (s: JsonBody) => ({ ...s, estimate: { ...s.estimate, fromAmount: '1' } }),
      SENDER,
      RECIPIENT,
      'estimate.fromAmount',
    ],
    ['another tool', (s: JsonBody) => ({ ...s, tool: 'hop' }), SENDER, RECIPIENT, 'tool'],
    [
      'a wrong token decimals',
      (s: JsonBody) => ({ ...s, action: { ...s.action, fromToken: { ...s.action.fromToken, decimals: 18 } } }),
      SENDER,
      RECIPIENT,
      'action.fromToken.decimals',
    ],
    [
      'an unknown token',
      (s: JsonBody) => ({
        ...s,
        action: {
          ...s.action,
          toToken: { ...s.action.toToken, address: '0x000000000000000000000000000000000000dEaD' },
        },
      }),
      SENDER,
      RECIPIENT,
      'action.toToken.address',
    ],
    [
      'a missing action.toAddress',
      (s: JsonBody) => ({ ...s, action: { ...s.action, toAddress: undefined } }),
      SENDER,
      RECIPIENT,
      'action.toAddress',
    ],
    [
      'a zero sender',
      (s: JsonBody) => ({ ...s, action: { ...s.action, fromAddress: ZERO } }),
      ZERO,
      RECIPIENT,
      'senderAddress',
    ],
  ])('answers 400 for %s', async (_name, change, sender, recipient, field) => {
    const step = change(await firstRoute());
    const res = await send(step, sender, recipient);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1011);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('answers 400 when the query misses recipientAddress', async () => {
    const step = await firstRoute();
    const res = await postJson(`${service.url}/v1/advanced/stepTransaction?senderAddress=${SENDER}`, step);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('recipientAddress');
  });

  it('offers a destination swap also in two steps: the bridge pays the sender, who signs the swap with what arrived', async () => {
    const res = await postJson(`${service.url}/v1/advanced/routes`, {
      ...USDC_TO_ARB_ROUTES,
      toAddress: RECIPIENT,
      options: { maxRoutes: 50 },
    });
    const { routes } = v.parse(RoutesResponseSchema, res.body);
    // Beside the one-signature routes (the relayer swaps on arrival).
    expect(routes.some((r) => !r.steps && r.includedSteps?.at(-1)?.type === 'swap')).toBe(true);
    const route = routes.find((r) => r.steps?.length === 2)!;
    expect(route).toBeDefined();
    expect(route.transactionRequest).toBeUndefined();
    expect(route.action).toMatchObject({ fromChainId: '1', toChainId: '42161', toAddress: RECIPIENT });
    expect(route.action!.toToken.address).toBe(ARB_TOKEN);
    const [first, second] = route.steps as [JsonBody, JsonBody];
    expect(route.estimate.toAmount).toBe(second.estimate.toAmount);
    expect(first.action).toMatchObject({ toChainId: '42161', toAddress: SENDER });
    expect(first.action.toToken.address).toBe(USDC[42161]);
    expect(second.action).toMatchObject({ fromChainId: '42161', toChainId: '42161', toAddress: RECIPIENT });

    // The whole route is not one transaction, and says so.
    const whole = await send({ ...route, action: { ...route.action, fromAddress: SENDER } });
    expect(whole.status).toBe(400);
    expect(whole.body.message).toMatch(/several steps/);

    // Step 1: a bridge to the sender's own account, for exactly the chosen amount.
    const bridge = await send(first, SENDER, SENDER);
    expect(bridge.status).toBe(200);
    const bridgeCall = decodeFunctionData({ abi: routerAbi, data: bridge.body.transactionRequest.data });
    if (bridgeCall.functionName !== 'startBridge') throw new Error(bridgeCall.functionName);
    expect(bridgeCall.args[0]).toMatchObject({ recipient: SENDER, dstToken: USDC[42161], amountIn: 2_500_000_000n });

    // Step 2: asked for with what arrived (more than estimated), priced again, paying the chosen recipient.
    const arrived = (BigInt(second.action.fromAmount) + 1000n).toString();
    const later = {
      ...second,
      action: { ...second.action, fromAmount: arrived },
      estimate: { ...second.estimate, fromAmount: arrived },
    };
    const swap = await send(later, SENDER, RECIPIENT);
    expect(swap.status).toBe(200);
    expect(swap.body.id).toBe(second.id);
    expect(swap.body.transactionRequest.chainId).toBe('42161');
    const swapCall = decodeFunctionData({ abi: routerAbi, data: swap.body.transactionRequest.data });
    if (swapCall.functionName !== 'swap') throw new Error(swapCall.functionName);
    expect(swapCall.args).toEqual([USDC[42161], ARB_TOKEN, BigInt(arrived), expect.any(BigInt), RECIPIENT]);

    // Only a later step takes another amount, and its id does not travel to another token.
    const firstOther = await send(
      {
        ...first,
        action: { ...first.action, fromAmount: '26000000' },
        estimate: { ...first.estimate, fromAmount: '26000000' },
      },
      SENDER,
      SENDER,
    );
    expect(firstOther.status).toBe(400);
    expect(firstOther.body.errors).toHaveProperty('id');
    const elsewhere = await send(
      {
        ...later,
        action: { ...later.action, toToken: { ...later.action.toToken, address: LINK, symbol: 'LINK', decimals: 18 } },
      },
      SENDER,
      RECIPIENT,
    );
    expect(elsewhere.status).toBe(400);
  });
});
