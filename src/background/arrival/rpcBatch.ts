/**
 * Batched JSON-RPC over HTTP to a trusted RPC (src/chains/trustedRpc.ts): several calls in one request, answered
 * by id. Bounded: at most MAX_CALLS calls per batch, a time-out, and a cap on the answer's size, so a slow or
 * misbehaving endpoint costs one failed read, never a hang or a memory spike.
 */
export const MAX_CALLS = 20;
const MAX_RESPONSE_CHARS = 2_000_000;
const TIMEOUT_MS = 10_000;

export type RpcCall = { method: string; params: unknown[] };
/** Per call: its result, or the RPC's error for that call. */
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; error: string };

export class RpcError extends Error {
  override name = 'RpcError';
}

export async function rpcBatch(url: string, calls: RpcCall[], fetchFn: typeof fetch = fetch): Promise<RpcOutcome[]> {
  if (calls.length === 0) return [];
  if (calls.length > MAX_CALLS) throw new RpcError(`at most ${MAX_CALLS} calls per batch, got ${calls.length}`);
  const body = calls.map((call, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params }));
  let text: string;
  try {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new RpcError(`${url} answered HTTP ${response.status}`);
    text = await response.text();
  } catch (err) {
    if (err instanceof RpcError) throw err;
    throw new RpcError(`${url} could not be reached: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (text.length > MAX_RESPONSE_CHARS)
    throw new RpcError(`${url} answered more than ${MAX_RESPONSE_CHARS} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RpcError(`${url} answered something other than JSON`);
  }
  // A batch may be answered with one error object (some providers refuse batches that way).
  if (!Array.isArray(parsed)) throw new RpcError(`${url} did not answer the batch: ${describeError(parsed)}`);
  const byId = new Map<number, RpcOutcome>();
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null || typeof (item as { id?: unknown }).id !== 'number') continue;
    const { id, result, error } = item as { id: number; result?: unknown; error?: unknown };
    byId.set(id, error !== undefined ? { ok: false, error: describeError({ error }) } : { ok: true, result });
  }
  return calls.map((_, id) => byId.get(id) ?? { ok: false, error: 'no answer for this call' });
}

function describeError(value: unknown): string {
  const error = (value as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message.slice(0, 200) : 'unexpected answer';
}

/** A hex quantity as the RPC returns it; throws on anything else. */
export function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new RpcError('not a hex quantity');
  return BigInt(value);
}

export const toHex = (value: bigint | number): string => `0x${value.toString(16)}`;
