import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_DEVNET_SOLVER } from '../../src/checks/promises/relayConfig';
import { relayOrderId, relayOrderSigner } from '../../src/checks/promises/relayOrder';
import { type RelayApiServer, startRelayApi } from './relayApi';
import { createRelayOrderBook, type RelayOrderRequest } from './relayOrders';

const REQUEST: RelayOrderRequest = {
  fromChainId: 1,
  currency: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  amount: 100_000_000n,
  depositor: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  toChainId: 42161,
  recipient: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  toCurrency: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  minimumAmount: 99_000_000n,
  expectedAmount: 99_500_000n,
  now: 1_790_000_000,
};

describe("the devnet's Relay API", () => {
  const book = createRelayOrderBook();
  let api: RelayApiServer;
  beforeAll(async () => {
    api = await startRelayApi(book);
  });
  afterAll(() => api.close());

  it('gives every quote its own order, hashed as Relay hashes it and signed by the pinned devnet solver', async () => {
    const first = book.issue(REQUEST);
    const second = book.issue(REQUEST);
    expect(first.orderId).not.toBe(second.orderId);
    expect(relayOrderId(first.order)).toBe(first.orderId);
    expect(relayOrderSigner(first.orderId, first.orderSignature)).toBe(RELAY_DEVNET_SOLVER);
    expect(first.order.output).toMatchObject({
      chainId: 'arbitrum',
      payments: [{ recipient: REQUEST.recipient, minimumAmount: '99000000', expectedAmount: '99500000' }],
      calls: [],
    });
  });

  it('answers /requests/v3 filtered by orderId over HTTP, with the order and its signature', async () => {
    const signed = book.issue(REQUEST);
    const response = await fetch(`${api.url}/requests/v3?orderId=${signed.orderId}&includeOrderData=true`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { requests: { id: string; data: Record<string, unknown> }[] };
    expect(body.requests).toHaveLength(1);
    expect(body.requests[0]!.data).toEqual({
      orderId: signed.orderId,
      orderData: JSON.parse(JSON.stringify(signed.order)),
      orderSignature: signed.orderSignature,
    });
  });

  it('lists nothing for an order it never quoted, and says what is wrong with a bad query', async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    const none = await fetch(`${api.url}/requests/v3?orderId=${unknown}`);
    expect(await none.json()).toEqual({ requests: [], continuation: null });
    const bad = await fetch(`${api.url}/requests/v3?orderId=0x12`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'orderId must be 32 bytes' });
  });
});
