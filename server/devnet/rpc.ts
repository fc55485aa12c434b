/**
 * Raw JSON-RPC batches: devnet set-up sends about a hundred calls per chain, and one HTTP request for all of them
 * is what keeps start-up fast (viem's clients send one request per call unless batched by tick).
 */
export type RpcCall = { method: string; params: unknown[] };

export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    message: string,
    readonly call: RpcCall,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export async function rpcBatch(rpcUrl: string, calls: readonly RpcCall[]): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const body = calls.map((call, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params }));
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${rpcUrl}: HTTP ${response.status}`);
  const replies = (await response.json()) as {
    id: number;
    result?: unknown;
    error?: { message: string; data?: unknown };
  }[];
  const results: unknown[] = new Array(calls.length);
  for (const reply of replies) {
    const call = calls[reply.id];
    if (!call) continue;
    if (reply.error) throw new RpcError(`${call.method}: ${reply.error.message}`, call, reply.error.data);
    results[reply.id] = reply.result;
  }
  return results;
}

export async function rpc(rpcUrl: string, method: string, params: unknown[] = []): Promise<unknown> {
  const [result] = await rpcBatch(rpcUrl, [{ method, params }]);
  return result;
}
