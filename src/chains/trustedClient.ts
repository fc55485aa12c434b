import { type Client, createClient, http, type PublicRpcSchema, rpcSchema, type Transport } from 'viem';
import { trustedRpcUrl } from './trustedRpc';

/**
 * THE ONE PLACE THE EXTENSION READS AN EVM CHAIN. A viem client over a chain's trusted RPC (src/chains/trustedRpc.ts:
 * the person's override or the build's pin, never a URL a page or the routing service named), with:
 * - batching: the reads started in the same tick go in one JSON-RPC batch (at most MAX_BATCH_CALLS calls);
 * - a time-out per request and a cap on the answer's size, so a slow or misbehaving node costs one failed read;
 * - `credentials: 'omit'` and `cache: 'no-store'`: never the person's cookies, never a cached answer;
 * - no retries of its own (a caller that retries says which failures, src/chains/withRetries.ts);
 * - its failures as viem's errors: turn them into words with chainReadError(err, rpcUrl) (./chainReadError.ts).
 *
 * How to read through it (background only: viem's actions are not for the popup's first paint):
 *
 *   const url = await chainReads.rpcUrl(chainId);              // undefined: no trusted RPC there, say so
 *   const client = chainReads.rpc.client(url);                 // or trustedClient(url) outside the background
 *   const token = await readTrustedContract(client, {          // ./readTrustedContract.ts: checks the chain ID too
 *     chainId, address: pool, abi: stargatePoolAbi, functionName: 'token',
 *   });                                                        // throws RpcReadError in words
 *
 * or any of viem's actions with the client (`import { getBalance } from 'viem/actions'`), their failures through
 * chainReadError. The reads the extension already makes are actions beside this file (readBalances.ts,
 * readAllowance.ts, readGasFunds.ts, readSentTransaction.ts, …), gathered for the background by createRpcReader.
 */
export type TrustedClient = Client<Transport, undefined, undefined, PublicRpcSchema>;

export type TrustedClientOptions = {
  /** Tests and the background's harness pass their own; default the global fetch at call time. */
  fetch?: typeof fetch;
  /** Per request. Default 8 s. */
  timeoutMs?: number;
  /** The largest answer believed, in bytes. Default 1 MB: a few reads' answers are a few KB. */
  maxResponseBytes?: number;
  /** viem's own retries (it retries HTTP 403 too); default none. The arrival confirmation keeps its two. */
  retryCount?: number;
};

/** Calls per JSON-RPC batch: what the arrival watch has always sent; more reads in one tick go in several batches. */
export const MAX_BATCH_CALLS = 20;

const shared = new Map<string, TrustedClient>();

/**
 * The client for `rpcUrl`, which the caller got from trustedRpcUrl (or the background's chainReads.rpcUrl). Clients
 * with the default options are shared per URL, so reads of one chain started together share a batch.
 */
export function trustedClient(rpcUrl: string, options: TrustedClientOptions = {}): TrustedClient {
  const plain = Object.values(options).every((value) => value === undefined);
  const known = plain ? shared.get(rpcUrl) : undefined;
  if (known) return known;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const client = createClient({
    // A contract's answer is the chain's word only: never an off-chain lookup a contract asks for (EIP-3668).
    ccipRead: false,
    rpcSchema: rpcSchema<PublicRpcSchema>(),
    transport: http(rpcUrl, {
      batch: { batchSize: MAX_BATCH_CALLS },
      timeout: options.timeoutMs ?? 8_000,
      retryCount: options.retryCount ?? 0,
      maxResponseBodySize: options.maxResponseBytes ?? 1_000_000,
      // Never the person's cookies or a cached answer: a fresh read of the chain.
      fetchOptions: { credentials: 'omit', cache: 'no-store' },
      fetchFn: async (input, init) => asHttpError(await doFetch(input, numberedFromZero(init))),
    }),
  });
  if (plain) shared.set(rpcUrl, client);
  return client;
}

/**
 * The trusted client of `chainId` with the person's overrides (Settings' `rpcUrls`), or undefined when the extension
 * trusts no RPC there: then nothing may be read or verified on that chain, and the caller says so.
 */
export function trustedClientFor(
  chainId: number,
  overrides: Readonly<Record<string, string>>,
  options?: TrustedClientOptions,
): TrustedClient | undefined {
  const url = trustedRpcUrl(chainId, overrides);
  return url === undefined ? undefined : trustedClient(url, options);
}

/**
 * A refusal whose body claims JSON but is none (a gateway's error page) is still an HTTP error with its status: viem
 * parses a body by its content-type first and would otherwise report only that it is not JSON. Its body is still
 * read as JSON-RPC when it is (a gateway refusing a method with "method not found" inside).
 */
function asHttpError(response: Response): Response {
  if (response.ok || !response.headers.get('content-type')?.startsWith('application/json')) return response;
  const headers = new Headers(response.headers);
  headers.set('content-type', 'text/plain');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The batch's calls numbered 0, 1, 2 … in each request, as the extension always sent them: viem numbers them with
 * one counter for the worker's life, which would tell every RPC how many reads went to the others. The order is
 * kept, so viem's matching of answers (sorted by id, then by position) is unchanged.
 */
function numberedFromZero(init: RequestInit | undefined): RequestInit | undefined {
  if (typeof init?.body !== 'string') return init;
  const calls = JSON.parse(init.body) as unknown;
  if (!Array.isArray(calls)) return init;
  return { ...init, body: JSON.stringify(calls.map((call: object, id) => ({ ...call, id }))) };
}
