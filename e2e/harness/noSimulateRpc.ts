import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type RpcCall = { jsonrpc: '2.0'; id: unknown; method: string };

/**
 * A chain's RPC as a node without `eth_simulateV1` serves it (geth before 1.14.9, or an operator that filters the
 * method): everything goes through to `target` (the devnet's anvil) except eth_simulateV1, answered JSON-RPC's
 * "method not found" as geth words it, in a batch or alone.
 */
export async function startNoSimulateRpc(target: string) {
  const notFound = (call: RpcCall) => ({
    jsonrpc: '2.0',
    id: call.id,
    error: { code: -32601, message: 'the method eth_simulateV1 does not exist/is not available' },
  });
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
        'access-control-allow-methods': 'POST',
      });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcCall | RpcCall[];
    const calls = Array.isArray(body) ? body : [body];
    const passed = calls.filter((call) => call.method !== 'eth_simulateV1');
    const answers = passed.length
      ? ((await (
          await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(passed),
          })
        ).json()) as { id: unknown }[])
      : [];
    const answered = calls.map((call) =>
      call.method === 'eth_simulateV1' ? notFound(call) : answers.find((a) => a.id === call.id),
    );
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(Array.isArray(body) ? answered : answered[0]));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
