import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type BatchCall, type BatchState, executeAtomically } from './atomicBatch';
import { ANVIL_TEST_KEYS } from './keys';

/** EIP-1193 error shape (code 4001 = user rejected, 4902 = unknown chain, 4100 = unauthorized). */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export type DevWalletRequest = { method: string; params?: unknown };

export type DevWalletOptions = {
  chains: { chainId: number; rpcUrl: string }[];
  /** Index into anvil's test keys (default 0) or an explicit key. */
  accountIndex?: number;
  privateKey?: Hex;
  initialChainId?: number;
  /**
   * Asked before connecting, switching or adding a chain, and sending. The demo asks the person; tests approve, or
   * answer false to simulate a user rejection (4001).
   */
  confirm?(request: DevWalletRequest): boolean | Promise<boolean>;
  fetch?: typeof fetch;
  /**
   * EIP-5792 (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus): 'atomic' runs a batch in one anvil
   * block or not at all (atomicBatch.ts); 'refuse' says atomic batches are supported but answers wallet_sendCalls
   * with 5760 (atomicity not supported), as a wallet that cannot after all; 'off' (default) knows none of the three
   * methods (4200), as most wallets today.
   */
  batches?: BatchMode;
};

export type BatchMode = 'atomic' | 'refuse' | 'off';

type Listener = (data: unknown) => void;

export type DevWalletProvider = {
  readonly isDevWallet: true;
  readonly address: `0x${string}`;
  request(args: DevWalletRequest): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  setConfirm(confirm: DevWalletOptions['confirm']): void;
  setBatches(mode: BatchMode): void;
  /**
   * As a person does in MetaMask or Rabby while the last transaction sent is still pending: sends another at its
   * nonce, at twice its gas price, and answers the new hash. 'speedUp': the same call; 'cancel': 0 to the account
   * itself with no data; or any other call (a test's "something else at that nonce"). The chain keeps whichever is
   * mined: on an automining devnet, hold mining first (evm_setAutomine false), or the first is mined at once.
   */
  replacePending(how: Replacement): Promise<Hex>;
};

export type Replacement = 'speedUp' | 'cancel' | { to: `0x${string}`; data?: Hex; value?: bigint };

/** The last transaction the wallet sent, as signed: what a speed-up or cancel replaces. */
type SentTx = {
  chainId: number;
  nonce: number;
  to?: `0x${string}`;
  data: Hex;
  value: bigint;
  gas: bigint;
  gasPrice: bigint;
};

const CONFIRMED_METHODS = new Set([
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_sendTransaction',
  'wallet_sendCalls',
]);

const BATCH_METHODS = new Set(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus']);

/**
 * A development wallet: anvil's test keys, signing locally and broadcasting raw transactions to the current
 * chain's RPC; every read is forwarded to that RPC.
 */
export function createDevWallet(options: DevWalletOptions): DevWalletProvider {
  const key = options.privateKey ?? ANVIL_TEST_KEYS[options.accountIndex ?? 0];
  if (!key) throw new Error('No dev key for this account index');
  const account = privateKeyToAccount(key);
  const rpcUrls = new Map(options.chains.map((c) => [c.chainId, c.rpcUrl]));
  let chainId = options.initialChainId ?? options.chains[0]?.chainId ?? 1;
  let connected = false;
  let confirm = options.confirm;
  let batches: BatchMode = options.batches ?? 'off';
  const batchStates = new Map<string, BatchState>();
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const listeners = new Map<string, Set<Listener>>();
  let rpcId = 0;

  const emit = (event: string, data: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(data);
  };

  /** A JSON-RPC request to the current chain's node, or to `on`'s (a batch keeps to the chain it was sent on). */
  async function rpc(method: string, params: unknown[] = [], on = chainId): Promise<unknown> {
    const url = rpcUrls.get(on);
    if (!url) throw new ProviderRpcError(4901, `Dev Wallet has no RPC for chain ${on}`);
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    });
    const json = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (json.error) throw new ProviderRpcError(json.error.code, json.error.message, json.error.data);
    return json.result;
  }

  const hexToBigInt = (value: unknown, fallback?: bigint) =>
    typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) ? BigInt(value === '0x' ? 0 : value) : fallback;

  async function sendTransaction(tx: Record<string, unknown>): Promise<Hex> {
    if (typeof tx.from === 'string' && tx.from.toLowerCase() !== account.address.toLowerCase()) {
      throw new ProviderRpcError(4100, 'Dev Wallet cannot sign for this address');
    }
    const call = { from: account.address, to: tx.to, data: tx.data ?? '0x', value: tx.value ?? '0x0' };
    const [nonce, gasPrice, estimated] = await Promise.all([
      rpc('eth_getTransactionCount', [account.address, 'pending']),
      rpc('eth_gasPrice'),
      tx.gas ? Promise.resolve(tx.gas) : rpc('eth_estimateGas', [call]),
    ]);
    const sent: SentTx = {
      chainId,
      nonce: Number(hexToBigInt(nonce, 0n)),
      to: tx.to as `0x${string}` | undefined,
      data: (tx.data as Hex | undefined) ?? '0x',
      value: hexToBigInt(tx.value, 0n)!,
      gas: hexToBigInt(estimated, 21_000n)!,
      gasPrice: hexToBigInt(gasPrice, 1_000_000_000n)!,
    };
    const hash = await signAndSend(sent);
    lastSent = sent;
    return hash;
  }

  let lastSent: SentTx | undefined;

  async function signAndSend(tx: SentTx): Promise<Hex> {
    const serialized = await account.signTransaction({ type: 'legacy', ...tx });
    return (await rpc('eth_sendRawTransaction', [serialized], tx.chainId)) as Hex;
  }

  /** A cancel (0 to the account itself, no data) or another call, with its gas, on the pending one's chain. */
  async function otherCall(how: Exclude<Replacement, 'speedUp'>, on: number) {
    if (how === 'cancel') return { to: account.address, data: '0x' as Hex, value: 0n, gas: 21_000n };
    const call = { data: '0x' as Hex, value: 0n, ...how };
    const quantity = `0x${call.value.toString(16)}`;
    const estimate = { from: account.address, to: call.to, data: call.data, value: quantity };
    return { ...call, gas: hexToBigInt(await rpc('eth_estimateGas', [estimate], on), 21_000n)! };
  }

  async function replacePending(how: Replacement): Promise<Hex> {
    const pending = lastSent;
    if (!pending) throw new ProviderRpcError(-32000, 'Dev Wallet has sent no transaction to replace.');
    const mined = hexToBigInt(await rpc('eth_getTransactionCount', [account.address, 'latest'], pending.chainId), 0n)!;
    if (mined > BigInt(pending.nonce)) throw new ProviderRpcError(-32000, 'The last transaction is mined already.');
    // A replacement pays more, as wallets do (nodes refuse one that does not).
    const gasPrice = pending.gasPrice * 2n;
    const replacement =
      how === 'speedUp'
        ? { ...pending, gasPrice }
        : { ...pending, ...(await otherCall(how, pending.chainId)), gasPrice };
    const hash = await signAndSend(replacement);
    lastSent = replacement;
    return hash;
  }

  const hexId = (id: number) => `0x${id.toString(16)}`;

  function capabilities(list: unknown[]): Record<string, unknown> {
    const [address, chainIds] = list as [unknown, unknown];
    if (typeof address === 'string' && address.toLowerCase() !== account.address.toLowerCase()) {
      throw new ProviderRpcError(4100, 'Dev Wallet has no such account.');
    }
    const asked = Array.isArray(chainIds) ? chainIds.map((id) => Number.parseInt(String(id), 16)) : [...rpcUrls.keys()];
    return Object.fromEntries(
      asked.filter((id) => rpcUrls.has(id)).map((id) => [hexId(id), { atomic: { status: 'supported' } }]),
    );
  }

  /** Starts the batch and answers its ID at once; wallet_getCallsStatus reports it pending until it is mined. */
  function sendCalls(list: unknown[]): { id: string } {
    const batch = (list[0] ?? {}) as { chainId?: string; from?: string; calls?: unknown };
    if (Number.parseInt(String(batch.chainId), 16) !== chainId) {
      throw new ProviderRpcError(5710, `Dev Wallet is on chain ${hexId(chainId)}, not ${batch.chainId}.`);
    }
    if (typeof batch.from === 'string' && batch.from.toLowerCase() !== account.address.toLowerCase()) {
      throw new ProviderRpcError(4100, 'Dev Wallet cannot sign for this address');
    }
    const calls = Array.isArray(batch.calls) ? (batch.calls as BatchCall[]) : [];
    if (calls.length === 0) throw new ProviderRpcError(-32602, 'The batch has no calls.');
    const on = chainId;
    const id = `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
    batchStates.set(id, { chainId: on, status: 100 });
    const signer = {
      address: account.address,
      sign: (call: BatchCall, nonce: number, gas: bigint, gasPrice: bigint) =>
        account.signTransaction({
          type: 'legacy',
          chainId: on,
          nonce,
          to: call.to as `0x${string}` | undefined,
          data: (call.data as Hex | undefined) ?? '0x',
          value: hexToBigInt(call.value, 0n),
          gas,
          gasPrice,
        }),
    };
    executeAtomically((m, p) => rpc(m, p, on), signer, calls).then(
      (state) => batchStates.set(id, state),
      () => batchStates.set(id, { chainId: on, status: 400 }),
    );
    return { id };
  }

  function callsStatus(list: unknown[]): unknown {
    const id = String(list[0]);
    const state = batchStates.get(id);
    if (!state) throw new ProviderRpcError(5730, 'Unknown bundle id.');
    const { chainId: on, ...outcome } = state;
    return { version: '2.0.0', id, chainId: hexId(on), atomic: true, ...outcome };
  }

  async function handle({ method, params }: DevWalletRequest): Promise<unknown> {
    const list = Array.isArray(params) ? params : [];
    // Refused before the person is asked: the wallet knows at once what it cannot do.
    if (BATCH_METHODS.has(method) && batches === 'off') {
      throw new ProviderRpcError(4200, `Dev Wallet does not support ${method} (batches are off).`);
    }
    if (method === 'wallet_sendCalls' && batches === 'refuse') {
      throw new ProviderRpcError(5760, 'Dev Wallet cannot send these calls atomically.');
    }
    if (CONFIRMED_METHODS.has(method) && confirm && !(await confirm({ method, params }))) {
      throw new ProviderRpcError(4001, 'User rejected the request.');
    }
    switch (method) {
      case 'eth_requestAccounts':
        connected = true;
        emit('connect', { chainId: `0x${chainId.toString(16)}` });
        return [account.address];
      case 'eth_accounts':
        return connected ? [account.address] : [];
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'net_version':
        return String(chainId);
      case 'wallet_switchEthereumChain': {
        const target = Number.parseInt(String((list[0] as { chainId?: string })?.chainId), 16);
        if (!rpcUrls.has(target)) throw new ProviderRpcError(4902, `Unrecognized chain ID 0x${target.toString(16)}.`);
        if (target !== chainId) {
          chainId = target;
          emit('chainChanged', `0x${target.toString(16)}`);
        }
        return null;
      }
      case 'wallet_addEthereumChain': {
        const config = list[0] as { chainId?: string; rpcUrls?: string[] } | undefined;
        const id = Number.parseInt(String(config?.chainId), 16);
        const url = config?.rpcUrls?.find((u) => /^https?:\/\//.test(u));
        if (!Number.isInteger(id) || !url) throw new ProviderRpcError(-32602, 'Invalid chain configuration.');
        rpcUrls.set(id, url);
        return null;
      }
      case 'eth_sendTransaction':
        if (!connected) throw new ProviderRpcError(4100, 'Connect the Dev Wallet first.');
        return sendTransaction((list[0] ?? {}) as Record<string, unknown>);
      case 'wallet_getCapabilities':
        return capabilities(list);
      case 'wallet_sendCalls':
        if (!connected) throw new ProviderRpcError(4100, 'Connect the Dev Wallet first.');
        return sendCalls(list);
      case 'wallet_getCallsStatus':
        return callsStatus(list);
      case 'eth_sign':
      case 'personal_sign':
      case 'eth_signTypedData_v4':
        throw new ProviderRpcError(4200, `Dev Wallet does not sign messages (${method}).`);
      default:
        return rpc(method, list);
    }
  }

  return {
    isDevWallet: true,
    address: account.address,
    request: handle,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    setConfirm(next) {
      confirm = next;
    },
    setBatches(mode) {
      batches = mode;
    },
    replacePending,
  };
}
