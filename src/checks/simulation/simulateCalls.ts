import { i18n } from '#i18n';
import { chainReadError, hostOf, nodeRefusal } from '../../chains/chainReadError';
import { trustedClient } from '../../chains/trustedClient';
import { encodeBalanceOf } from '../../contracts/erc20';
import { BaseError } from '../../errors/base';
import { isNativeToken } from '../../schemas/primitives';

/**
 * `eth_simulateV1` (ethereum/execution-apis) through a chain's TRUSTED RPC (src/chains/trustedRpc.ts), never an RPC
 * a page or the routing service named, asked through the one trusted client (src/chains/trustedClient.ts, typed by
 * viem's schema of the method; its answer is still checked here, member by member). The calls run in order in one simulated block on top of `latest`, from the
 * person's account, with `validation: true` (nonce, balance and gas checked as a real transaction would be) and
 * `traceTransfers: true` (native-coin movements appear as ERC-20-shaped Transfer logs from 0xeeee…eeee). The same
 * request carries the chain ID (an override pointing at another chain is caught) and the balance of the token the
 * transfer spends, so a revert for lack of funds can be said with the figure the chain holds.
 *
 * Answer shape, as anvil 1.7 gives it (simulateCalls.test.ts reads a real anvil): `result` is one block per
 * blockStateCall, each with `calls: [{ status: '0x1' | '0x0', returnData, gasUsed, logs: [{ address, topics, data,
 * … }], error?: { code, message } }]`; a transaction that fails validation (value beyond the balance) makes the whole
 * request answer a JSON-RPC error (anvil: -32003 "Insufficient funds for gas * price + value"); a node without the
 * method answers -32601.
 *
 * Which pinned public RPCs answer it could not be checked from this machine (no internet). Public documentation:
 * geth added eth_simulateV1 in 1.14.9, so geth-based endpoints of that age or newer answer it unless the operator
 * filters methods; which of PINNED_RPC_URLS do is unknown here. Where it is missing, src/checks/simulation/
 * simulateBeforeSigning.ts lets only a plain bridge call go ahead, marked "not simulated".
 */

export type SimulationCall = {
  from: `0x${string}`;
  to: `0x${string}`;
  data?: `0x${string}`;
  value?: bigint;
  /** The limit the wallet will send with; a call that needs more fails here as it would on chain. */
  gas?: bigint;
};

export type SimulatedLog = { address: `0x${string}`; topics: `0x${string}`[]; data: `0x${string}` };

export type SimulatedCall = {
  ok: boolean;
  returnData: `0x${string}`;
  logs: SimulatedLog[];
  gasUsed: bigint;
  /** The node's words for a failed call (anvil: "execution failed"); the revert data is `returnData`. */
  error?: string;
};

export type SimulationRequest = {
  /**
   * The chain the transactions are for: an RPC serving another one (a mistaken override) is refused before anything
   * it answered is believed, its refusals included.
   */
  chainId?: number;
  account: `0x${string}`;
  calls: SimulationCall[];
  /** The token (the zero address for the native coin) whose balance at `latest` comes back beside the result. */
  balanceOf?: `0x${string}`;
};

export type SimulationResult = {
  rpcChainId: number;
  calls: SimulatedCall[];
  /** `request.balanceOf`'s balance of the account before the simulated block, when asked and readable. */
  balance?: bigint;
};

/** The trusted RPC answered that it has no eth_simulateV1 (or the extension trusts no RPC on that chain). */
export class SimulationUnsupportedError extends BaseError {
  override name = 'SimulationUnsupportedError';
}

/** The trusted RPC serves another chain than the one the transactions are for. */
export class SimulationChainError extends BaseError {
  override name = 'SimulationChainError';
}

/** The RPC could not be asked or gave no usable answer (network, time-out, HTTP error, unreadable JSON). */
export class SimulationRpcError extends BaseError {
  override name = 'SimulationRpcError';
}

/**
 * The node refused to run the block: one of the transactions is invalid before it even starts (balance too low for
 * value plus gas, a nonce or fee problem). `rpcCode` and the node's message are kept for the words and the details.
 */
export class SimulationRejectedError extends BaseError {
  override name = 'SimulationRejectedError';
  readonly rpcCode: number | undefined;
  readonly rpcMessage: string;
  readonly balance: bigint | undefined;
  constructor(shortMessage: string, rpcCode: number | undefined, rpcMessage: string, balance?: bigint) {
    super(shortMessage, { details: rpcMessage });
    this.rpcCode = rpcCode;
    this.rpcMessage = rpcMessage;
    this.balance = balance;
  }
}

export type SimulateOptions = {
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** JSON-RPC "method not found", and the words nodes and gateways use when a method is switched off or unknown. */
const UNSUPPORTED_CODES = new Set([-32601, -32004]);
const UNSUPPORTED_WORDS =
  /method .*(not (found|supported|available|exist|allowed|enabled))|not (supported|implemented|whitelisted)|unsupported|does not exist/i;
/** One simulated block of a few calls is a few tens of KB; far more is no honest answer. */
const MAX_ANSWER_BYTES = 4_000_000;

const hex = (value: bigint): `0x${string}` => `0x${value.toString(16)}`;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isHex = (x: unknown): x is `0x${string}` => typeof x === 'string' && /^0x[0-9a-fA-F]*$/.test(x);

export async function simulateCalls(
  rpcUrl: string,
  request: SimulationRequest,
  options: SimulateOptions = {},
): Promise<SimulationResult> {
  const host = hostOf(rpcUrl);
  const calls = request.calls.map((call) => ({
    from: call.from,
    to: call.to,
    ...(call.data ? { data: call.data } : {}),
    ...(call.value ? { value: hex(call.value) } : {}),
    ...(call.gas ? { gas: hex(call.gas) } : {}),
  }));
  const client = trustedClient(rpcUrl, {
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxResponseBytes: MAX_ANSWER_BYTES,
  });
  const token = request.balanceOf;
  // One batch, in this order: the chain's ID, the simulated block, the balance beside it.
  const [chainId, simulation, held] = await Promise.allSettled([
    client.request({ method: 'eth_chainId' }),
    client.request({
      method: 'eth_simulateV1',
      params: [{ blockStateCalls: [{ calls }], traceTransfers: true, validation: true }, 'latest'],
    }),
    token === undefined
      ? Promise.resolve(undefined)
      : isNativeToken(token)
        ? client.request({ method: 'eth_getBalance', params: [request.account, 'latest'] })
        : client.request({
            method: 'eth_call',
            params: [{ to: token, data: encodeBalanceOf(request.account) }, 'latest'],
          }),
  ]);
  const unsupported = () =>
    new SimulationUnsupportedError(i18n.t('simulation.unsupported', [host, String(request.chainId ?? '?')]));
  const failed = (err: unknown, method: string) => {
    // Some gateways refuse a method they do not serve for the whole batch, or at the HTTP level, with JSON-RPC's
    // "method not found" inside.
    const refusal = nodeRefusal(err);
    if (refusal && isUnsupported(refusal)) return unsupported();
    return new SimulationRpcError(chainReadError(err, rpcUrl, method).shortMessage, { cause: err });
  };

  if (chainId.status === 'rejected') throw failed(chainId.reason, 'eth_chainId');
  if (!isHex(chainId.value) || chainId.value.length < 3) {
    throw new SimulationRpcError(i18n.t('rpc.noAnswerTo', [host, 'eth_chainId']));
  }
  const rpcChainId = Number(BigInt(chainId.value));
  if (request.chainId !== undefined && rpcChainId !== request.chainId) {
    throw new SimulationChainError(
      i18n.t('simulation.wrongChain', [host, String(rpcChainId), String(request.chainId)]),
    );
  }
  const balance = token && held.status === 'fulfilled' ? readBalance(held.value, isNativeToken(token)) : undefined;

  if (simulation.status === 'rejected') {
    const refusal = nodeRefusal(simulation.reason);
    // The node's own refusal of the block (a transaction invalid before it starts); anything else is the RPC's failure.
    if (!refusal || refusal.httpStatus !== undefined || isUnsupported(refusal)) {
      throw failed(simulation.reason, 'eth_simulateV1');
    }
    throw new SimulationRejectedError(
      i18n.t('simulation.rejected', [host, refusal.message]),
      refusal.code,
      refusal.message,
      balance,
    );
  }
  const blocks: unknown = simulation.value;
  const block = Array.isArray(blocks) && blocks.length === 1 && isObject(blocks[0]) ? blocks[0] : undefined;
  if (!block || !Array.isArray(block.calls) || block.calls.length !== calls.length) {
    throw new SimulationRpcError(i18n.t('rpc.unreadable', ['eth_simulateV1']));
  }
  return {
    rpcChainId,
    calls: block.calls.map(readCall),
    ...(balance === undefined ? {} : { balance }),
  };
}

function isUnsupported(error: { code?: unknown; message?: unknown }): boolean {
  if (typeof error.code === 'number' && UNSUPPORTED_CODES.has(error.code)) return true;
  return typeof error.message === 'string' && UNSUPPORTED_WORDS.test(error.message);
}

function readBalance(result: unknown, native: boolean): bigint | undefined {
  if (!isHex(result)) return undefined;
  if (native ? !/^0x[0-9a-fA-F]{1,64}$/.test(result) : !/^0x[0-9a-fA-F]{64}$/.test(result)) return undefined;
  return BigInt(result);
}

function readCall(raw: unknown): SimulatedCall {
  const unreadable = () => new SimulationRpcError(i18n.t('rpc.unreadable', ['eth_simulateV1']));
  if (!isObject(raw)) throw unreadable();
  const { status, returnData, gasUsed, logs, error } = raw;
  if (status !== '0x1' && status !== '0x0') throw unreadable();
  if (!isHex(returnData) || !isHex(gasUsed) || !Array.isArray(logs)) throw unreadable();
  return {
    ok: status === '0x1',
    returnData,
    gasUsed: BigInt(gasUsed),
    logs: logs.map((log): SimulatedLog => {
      if (!isObject(log) || !isHex(log.address) || !isHex(log.data) || !Array.isArray(log.topics)) throw unreadable();
      if (!log.topics.every((t) => isHex(t) && t.length === 66)) throw unreadable();
      return {
        address: log.address.toLowerCase() as `0x${string}`,
        topics: (log.topics as `0x${string}`[]).map((t) => t.toLowerCase() as `0x${string}`),
        data: log.data,
      };
    }),
    ...(isObject(error) && typeof error.message === 'string' ? { error: error.message.slice(0, 300) } : {}),
  };
}
