import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isHex } from 'viem';
import type { RelayOrderBook, SignedRelayOrder } from './relayOrders';

/**
 * The devnet's Relay API: the one read the extension makes of Relay, `GET /requests/v3?orderId=…`, answered from the
 * orders the twin quoted for Relay (server/devnet/relayOrders.ts) in the shape of Relay's requests API
 * (docs.relay.link, "Get Requests": `{ requests: [...], continuation }`, each request with its `id`, `status`,
 * `user`, `recipient`, and, as `includeOrderData` asks, the order itself with the solver's `orderSignature`). It is
 * Relay's own service, not the routing service's: it listens apart, so a compromised routing service (or the tests'
 * proxy standing for one) cannot answer for it.
 */
export type RelayApiServer = { url: string; port: number; close(): Promise<void> };

const CORS = { 'access-control-allow-origin': '*', 'content-type': 'application/json' };

/** One request as Relay's requests API lists it, with the order behind it. */
export function relayRequestOf(signed: SignedRelayOrder) {
  const { order, orderId, orderSignature, createdAt } = signed;
  const at = new Date(createdAt).toISOString();
  return {
    id: orderId,
    status: 'waiting',
    user: order.inputs[0]?.refunds[0]?.recipient,
    recipient: order.output.payments[0]?.recipient,
    data: { orderId, orderData: order, orderSignature },
    createdAt: at,
    updatedAt: at,
  };
}

export function answerRelayRequests(book: RelayOrderBook, url: URL): { status: number; body: unknown } {
  if (url.pathname !== '/requests/v3') return { status: 404, body: { message: `no route ${url.pathname}` } };
  const orderId = url.searchParams.get('orderId');
  if (!orderId) return { status: 400, body: { message: 'orderId is required here' } };
  if (!isHex(orderId) || orderId.length !== 66) return { status: 400, body: { message: 'orderId must be 32 bytes' } };
  const signed = book.get(orderId);
  return { status: 200, body: { requests: signed ? [relayRequestOf(signed)] : [], continuation: null } };
}

/** Listens on 127.0.0.1: on `preferredPort` when given and free (where development builds look), else any port. */
export async function startRelayApi(book: RelayOrderBook, preferredPort?: number): Promise<RelayApiServer> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-allow-headers': 'x-api-key, content-type' });
      res.end();
      return;
    }
    const { status, body } =
      req.method === 'GET'
        ? answerRelayRequests(book, new URL(req.url ?? '/', 'http://relay.devnet'))
        : { status: 405, body: { message: 'GET only' } };
    res.writeHead(status, CORS);
    res.end(JSON.stringify(body));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(preferredPort ?? 0);
  } catch (err) {
    if (preferredPort === undefined || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    await listen(0);
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
