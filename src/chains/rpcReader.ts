import { BaseError } from '../errors/base';
import { encodeAllowance } from '../wallet/erc20';

/**
 * A small JSON-RPC reader over a trusted RPC URL (src/chains/trustedRpc.ts): only the reads the extension needs to
 * check what was sent. Plain fetch rather than viem's public client, so it costs the background a few hundred bytes
 * and the popup nothing. Each read is one batched request (the chain ID with the data, so an override pointing at
 * the wrong chain is caught), with a time-out and a bounded number of retries on network and 5xx failures.
 */

/** The members of a transaction the extension compares with the one it approved. Hex as the node sent it. */
export type ChainTransaction = {
  hash: `0x${string}`;
  from: `0x${string}`;
  /** null for a contract creation. */
  to: `0x${string}` | null;
  input: `0x${string}`;
  value: bigint;
  /** Absent on pre-EIP-155 legacy transactions. */
  chainId?: number;
  /** null while pending (in the node's mempool). */
  blockNumber: bigint | null;
};

export type SentTransactionRead = {
  /** The chain the RPC serves (eth_chainId). */
  rpcChainId: number;
  /** null when the node knows no transaction with this hash (not yet seen, dropped, or never sent). */
  transaction: ChainTransaction | null;
};

/** The trusted RPC could not be read (network, time-out, HTTP or JSON-RPC error, unreadable answer). */
export class RpcReadError extends BaseError {
  override name = 'RpcReadError';
}

export type RpcReaderOptions = {
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
  /** Tries per read, including the first. */
  attempts?: number;
  /** Wait before retry n (1-based). */
  retryDelayMs?: (attempt: number) => number;
};

export type RpcReader = {
  readSentTransaction(rpcUrl: string, txHash: `0x${string}`): Promise<SentTransactionRead>;
  /** Whether an address holds code (a contract) on the RPC's chain, with that chain's ID, in one batched request. */
  readHasCode(rpcUrl: string, address: `0x${string}`): Promise<{ rpcChainId: number; hasCode: boolean }>;
  /** The ERC-20 allowance `owner` gave `spender` on the RPC's chain, with that chain's ID, in one batched request. */
  readAllowance(
    rpcUrl: string,
    token: `0x${string}`,
    owner: `0x${string}`,
    spender: `0x${string}`,
  ): Promise<{ rpcChainId: number; allowance: bigint }>;
};

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
/** A transaction answer is a few KB; anything far larger is not an honest answer to these two calls. */
const MAX_ANSWER_BYTES = 1_000_000;

export function createRpcReader(options: RpcReaderOptions = {}): RpcReader {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 8_000;
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? ((n) => 250 * 2 ** (n - 1));

  async function batchOnce(rpcUrl: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
    const body = calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }));
    let response: Response;
    try {
      response = await doFetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        // Never the person's cookies or a cached answer: this is a fresh read of chain state.
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (cause) {
      throw new RpcReadError(`The RPC at ${hostOf(rpcUrl)} did not answer.`, { cause, details: 'retryable' });
    }
    if (!response.ok) {
      throw new RpcReadError(`The RPC at ${hostOf(rpcUrl)} answered HTTP ${response.status}.`, {
        details: response.status >= 500 || response.status === 429 ? 'retryable' : undefined,
      });
    }
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new RpcReadError(`The RPC at ${hostOf(rpcUrl)} answered too much.`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RpcReadError(`The RPC at ${hostOf(rpcUrl)} answered something that is not JSON.`);
    }
    // A node may answer a batch in any order, or a single error object for the whole batch.
    if (!Array.isArray(json)) throw new RpcReadError(`The RPC at ${hostOf(rpcUrl)} refused the request.`);
    return calls.map((call, id) => {
      const item = json.find((x): x is Record<string, unknown> => isObject(x) && x.id === id);
      if (!item) throw new RpcReadError(`The RPC at ${hostOf(rpcUrl)} did not answer ${call.method}.`);
      if (item.error !== undefined) {
        const message = isObject(item.error) && typeof item.error.message === 'string' ? item.error.message : '';
        throw new RpcReadError(`The RPC at ${hostOf(rpcUrl)} refused ${call.method}.`, { details: message });
      }
      return item.result;
    });
  }

  async function batch(rpcUrl: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await batchOnce(rpcUrl, calls);
      } catch (err) {
        const retryable = err instanceof RpcReadError && err.details === 'retryable';
        if (!retryable || attempt >= attempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
      }
    }
  }

  return {
    async readSentTransaction(rpcUrl, txHash) {
      const [chainId, tx] = await batch(rpcUrl, [
        { method: 'eth_chainId', params: [] },
        { method: 'eth_getTransactionByHash', params: [txHash] },
      ]);
      const rpcChainId = readQuantity(chainId, 'eth_chainId');
      if (tx === null) return { rpcChainId: Number(rpcChainId), transaction: null };
      return { rpcChainId: Number(rpcChainId), transaction: readTransaction(tx) };
    },
    async readHasCode(rpcUrl, address) {
      const [chainId, code] = await batch(rpcUrl, [
        { method: 'eth_chainId', params: [] },
        { method: 'eth_getCode', params: [address, 'latest'] },
      ]);
      if (typeof code !== 'string' || !HEX.test(code)) throw unreadable('code');
      return { rpcChainId: Number(readQuantity(chainId, 'eth_chainId')), hasCode: code.length > 2 };
    },
    async readAllowance(rpcUrl, token, owner, spender) {
      const [chainId, result] = await batch(rpcUrl, [
        { method: 'eth_chainId', params: [] },
        { method: 'eth_call', params: [{ to: token, data: encodeAllowance(owner, spender) }, 'latest'] },
      ]);
      // A token answers exactly one word; anything else (no code there, a non-ERC-20) is unreadable, never zero.
      if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) throw unreadable('allowance');
      return { rpcChainId: Number(readQuantity(chainId, 'eth_chainId')), allowance: BigInt(result) };
    },
  };
}

function readTransaction(tx: unknown): ChainTransaction {
  if (!isObject(tx)) throw new RpcReadError('The RPC answered an unreadable transaction.');
  const { hash, from, to, input, value, chainId, blockNumber } = tx;
  if (typeof hash !== 'string' || !HASH.test(hash)) throw unreadable('hash');
  if (typeof from !== 'string' || !ADDRESS.test(from)) throw unreadable('from');
  if (to !== null && to !== undefined && (typeof to !== 'string' || !ADDRESS.test(to))) throw unreadable('to');
  if (typeof input !== 'string' || !HEX.test(input) || input.length % 2 !== 0) throw unreadable('input');
  return {
    hash: hash as `0x${string}`,
    from: from as `0x${string}`,
    to: (to ?? null) as `0x${string}` | null,
    input: input as `0x${string}`,
    value: readQuantity(value, 'value'),
    chainId: chainId === undefined || chainId === null ? undefined : Number(readQuantity(chainId, 'chainId')),
    blockNumber: blockNumber === null || blockNumber === undefined ? null : readQuantity(blockNumber, 'blockNumber'),
  };
}

function readQuantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw unreadable(what);
  return BigInt(value);
}

const unreadable = (what: string) => new RpcReadError(`The RPC answered an unreadable ${what}.`);

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The host only: an override URL may carry a key in its path, which must not land in records or notifications. */
export function hostOf(rpcUrl: string): string {
  try {
    return new URL(rpcUrl).host;
  } catch {
    return 'the trusted RPC';
  }
}
