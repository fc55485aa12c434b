import { i18n } from '#i18n';
import { encodeAllowance, encodeBalanceOf } from '../contracts/erc20';
import { BaseError } from '../errors/base';
import { isNativeToken } from '../schemas/primitives';

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
  /**
   * The transaction's receipt, read in the same request: null while it is not mined. A reverted one carries the
   * revert data its replay on the block before answered (for the details, never the card), when the node gave it.
   */
  receipt?: { reverted: false } | { reverted: true; revertData?: `0x${string}` } | null;
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
  /**
   * Balances of `owner` for each token (the zero address for the native coin) in one batched request; a token whose
   * balanceOf does not answer one word (no contract there, a non-ERC-20) is left out rather than read as zero.
   */
  readBalances(
    rpcUrl: string,
    owner: `0x${string}`,
    tokens: `0x${string}`[],
  ): Promise<{ rpcChainId: number; balances: Map<string, bigint> }>;
  /**
   * What `owner` can pay gas with on the RPC's chain: its native balance and the chain's current gas price, with the
   * chain's ID, in one batched request (the destination-gas check before a route's first signature).
   */
  readGasFunds(
    rpcUrl: string,
    owner: `0x${string}`,
  ): Promise<{ rpcChainId: number; balance: bigint; gasPrice: bigint }>;
  /** An ERC-20's name, symbol and decimals as the contract itself answers them, in one batched request. */
  readTokenMetadata(
    rpcUrl: string,
    token: `0x${string}`,
  ): Promise<{ rpcChainId: number; name: string; symbol: string; decimals: number }>;
};

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
/** A transaction answer is a few KB; anything far larger is not an honest answer to these two calls. */
const MAX_ANSWER_BYTES = 1_000_000;

type Settled = { result: unknown } | { error: RpcReadError; data?: unknown };

export function createRpcReader(options: RpcReaderOptions = {}): RpcReader {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 8_000;
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? ((n) => 250 * 2 ** (n - 1));

  async function batchOnce(rpcUrl: string, calls: { method: string; params: unknown[] }[]): Promise<Settled[]> {
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
      throw new RpcReadError(i18n.t('rpc.silent', [hostOf(rpcUrl)]), { cause, details: 'retryable' });
    }
    if (!response.ok) {
      throw new RpcReadError(i18n.t('rpc.http', [hostOf(rpcUrl), String(response.status)]), {
        details: response.status >= 500 || response.status === 429 ? 'retryable' : undefined,
      });
    }
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new RpcReadError(i18n.t('rpc.tooMuch', [hostOf(rpcUrl)]));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RpcReadError(i18n.t('rpc.notJson', [hostOf(rpcUrl)]));
    }
    // A node may answer a batch in any order, or a single error object for the whole batch.
    if (!Array.isArray(json)) throw new RpcReadError(i18n.t('rpc.refused', [hostOf(rpcUrl)]));
    return calls.map((call, id): Settled => {
      const item = json.find((x): x is Record<string, unknown> => isObject(x) && x.id === id);
      if (!item) return { error: new RpcReadError(i18n.t('rpc.noAnswerTo', [hostOf(rpcUrl), call.method])) };
      if (item.error !== undefined) {
        const message = isObject(item.error) && typeof item.error.message === 'string' ? item.error.message : '';
        return {
          error: new RpcReadError(i18n.t('rpc.refusedCall', [hostOf(rpcUrl), call.method]), { details: message }),
          data: isObject(item.error) ? item.error.data : undefined,
        };
      }
      return { result: item.result };
    });
  }

  /** Every call must answer: the first refusal is the error. */
  async function batch(rpcUrl: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
    return (await batchSettledOrThrow(rpcUrl, calls)).map((item) => {
      if ('error' in item) throw item.error;
      return item.result;
    });
  }

  /** One request for all calls; a call the node refuses (a token that reverts) answers undefined, the others theirs. */
  async function batchSettled(rpcUrl: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
    return (await batchSettledOrThrow(rpcUrl, calls)).map((item) => ('error' in item ? undefined : item.result));
  }

  async function batchSettledOrThrow(
    rpcUrl: string,
    calls: { method: string; params: unknown[] }[],
  ): Promise<Settled[]> {
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

  /**
   * The revert data of a mined transaction that reverted: the same call replayed on the state of the block before
   * (a receipt carries no data). Undefined when the node gives none, or the replay does not revert there.
   */
  async function replay(rpcUrl: string, tx: ChainTransaction): Promise<`0x${string}` | undefined> {
    if (tx.to === null || tx.blockNumber === null) return undefined;
    const call = { from: tx.from, to: tx.to, data: tx.input, value: `0x${tx.value.toString(16)}` };
    const block = `0x${(tx.blockNumber > 0n ? tx.blockNumber - 1n : 0n).toString(16)}`;
    const [answer] = await batchSettledOrThrow(rpcUrl, [{ method: 'eth_call', params: [call, block] }]).catch(() => []);
    const data = answer && 'error' in answer ? answer.data : undefined;
    return typeof data === 'string' && HEX.test(data) && data.length > 2 ? (data as `0x${string}`) : undefined;
  }

  return {
    async readSentTransaction(rpcUrl, txHash) {
      const [chainId, tx, receipt] = await batch(rpcUrl, [
        { method: 'eth_chainId', params: [] },
        { method: 'eth_getTransactionByHash', params: [txHash] },
        { method: 'eth_getTransactionReceipt', params: [txHash] },
      ]);
      const rpcChainId = Number(readQuantity(chainId, 'eth_chainId'));
      if (tx === null) return { rpcChainId, transaction: null };
      const transaction = readTransaction(tx);
      if (receipt === null || receipt === undefined) return { rpcChainId, transaction, receipt: null };
      if (!isObject(receipt) || (receipt.status !== '0x1' && receipt.status !== '0x0')) throw unreadable('receipt');
      if (receipt.status === '0x1') return { rpcChainId, transaction, receipt: { reverted: false } };
      return { rpcChainId, transaction, receipt: { reverted: true, revertData: await replay(rpcUrl, transaction) } };
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
    async readBalances(rpcUrl, owner, tokens) {
      const [chainId, ...results] = await batchSettled(rpcUrl, [
        { method: 'eth_chainId', params: [] },
        ...tokens.map((token) =>
          isNativeToken(token)
            ? { method: 'eth_getBalance', params: [owner, 'latest'] }
            : { method: 'eth_call', params: [{ to: token, data: encodeBalanceOf(owner) }, 'latest'] },
        ),
      ]);
      const balances = new Map<string, bigint>();
      tokens.forEach((token, i) => {
        const result = results[i];
        const native = isNativeToken(token);
        if (typeof result !== 'string') return;
        if (native ? /^0x[0-9a-fA-F]{1,64}$/.test(result) : /^0x[0-9a-fA-F]{64}$/.test(result)) {
          balances.set(token.toLowerCase(), BigInt(result));
        }
      });
      return { rpcChainId: Number(readQuantity(chainId, 'eth_chainId')), balances };
    },
    async readGasFunds(rpcUrl, owner) {
      const [chainId, balance, gasPrice] = await batch(rpcUrl, [
        { method: 'eth_chainId', params: [] },
        { method: 'eth_getBalance', params: [owner, 'latest'] },
        { method: 'eth_gasPrice', params: [] },
      ]);
      return {
        rpcChainId: Number(readQuantity(chainId, 'eth_chainId')),
        balance: readQuantity(balance, 'balance'),
        gasPrice: readQuantity(gasPrice, 'gas price'),
      };
    },
    async readTokenMetadata(rpcUrl, token) {
      const [chainId, name, symbol, decimals] = await batch(rpcUrl, [
        { method: 'eth_chainId', params: [] },
        { method: 'eth_call', params: [{ to: token, data: '0x06fdde03' }, 'latest'] },
        { method: 'eth_call', params: [{ to: token, data: '0x95d89b41' }, 'latest'] },
        { method: 'eth_call', params: [{ to: token, data: '0x313ce567' }, 'latest'] },
      ]);
      if (typeof decimals !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(decimals)) throw unreadable('decimals');
      const places = BigInt(decimals);
      if (places > 36n) throw unreadable('decimals');
      return {
        rpcChainId: Number(readQuantity(chainId, 'eth_chainId')),
        name: readAbiText(name, 'name'),
        symbol: readAbiText(symbol, 'symbol'),
        decimals: Number(places),
      };
    },
  };
}

function readTransaction(tx: unknown): ChainTransaction {
  if (!isObject(tx)) throw new RpcReadError(i18n.t('rpc.unreadableTx'));
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

/**
 * A string an ERC-20 returns: ABI-encoded (offset, length, bytes) as the standard says, or a right-padded bytes32 as
 * early tokens (MKR, SAI) do. Control characters are dropped and the text bounded: a token's name is untrusted text.
 */
function readAbiText(result: unknown, what: string): string {
  if (typeof result !== 'string' || !HEX.test(result) || result.length % 2 !== 0) throw unreadable(what);
  const bytes = Uint8Array.from(result.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16));
  let text: Uint8Array;
  if (bytes.length === 32) text = bytes.slice(0, bytes.indexOf(0) === -1 ? 32 : bytes.indexOf(0));
  else if (bytes.length >= 64) {
    const offset = Number(BigInt(`0x${result.slice(2, 66)}`));
    const length =
      offset + 32 <= bytes.length ? Number(BigInt(`0x${result.slice(2 + offset * 2, 2 + offset * 2 + 64)}`)) : -1;
    if (length < 0 || offset + 32 + length > bytes.length) throw unreadable(what);
    text = bytes.slice(offset + 32, offset + 32 + length);
  } else throw unreadable(what);
  const decoded = new TextDecoder('utf-8', { fatal: false })
    .decode(text)
    .replace(/\p{Cc}/gu, '')
    .trim();
  if (!decoded) throw unreadable(what);
  return decoded.slice(0, 64);
}

const unreadable = (what: string) => new RpcReadError(i18n.t('rpc.unreadable', [what]));

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The host only: an override URL may carry a key in its path, which must not land in records or notifications. */
export function hostOf(rpcUrl: string): string {
  try {
    return new URL(rpcUrl).host;
  } catch {
    return 'the trusted RPC';
  }
}
