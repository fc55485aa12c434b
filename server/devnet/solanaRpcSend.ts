import {
  type Address,
  getBase58Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  isAddress,
  type Transaction,
} from '@solana/kit';
import type { SolanaDevnet } from './solana';
import { accountJson, RpcFault, tokenBalanceJson } from './solanaRpcShapes';
import type { SolanaSimulation } from './solanaSimulation';

/**
 * The JSON-RPC methods a wallet sends a transaction with, over the devnet's VM: `getLatestBlockhash`,
 * `isBlockhashValid`, `simulateTransaction` (base58 or base64, `sigVerify`, `replaceRecentBlockhash`, `accounts`
 * after the transaction in base64), `sendTransaction` (with the preflight simulation a node runs unless
 * `skipPreflight`) and `requestAirdrop`. Shapes and errors as an Agave node answers them
 * (@solana/rpc-api's types).
 */

type Context = { slot: bigint };

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The wire transaction of `sendTransaction`/`simulateTransaction`, in the encoding the config names. */
function decodeWire(text: unknown, encoding: unknown): Transaction {
  if (typeof text !== 'string') throw new RpcFault(-32602, 'Invalid params: expected a serialized transaction');
  if (encoding !== undefined && encoding !== 'base58' && encoding !== 'base64') {
    throw new RpcFault(-32602, `Invalid params: unknown variant \`${String(encoding)}\`, expected base58 or base64`);
  }
  let bytes: Uint8Array;
  try {
    bytes =
      encoding === 'base64'
        ? new Uint8Array(Buffer.from(text, 'base64'))
        : new Uint8Array(getBase58Encoder().encode(text));
  } catch {
    throw new RpcFault(-32602, `invalid ${encoding ?? 'base58'} encoding`);
  }
  try {
    const transaction = getTransactionDecoder().decode(bytes);
    if (transaction.messageBytes.length === 0) throw new Error('empty');
    return transaction;
  } catch {
    throw new RpcFault(-32602, 'failed to deserialize solana_transaction::versioned::VersionedTransaction');
  }
}

export function getLatestBlockhash(solana: SolanaDevnet, context: Context) {
  return { context, value: solana.latestBlockhash() };
}

export function isBlockhashValid(solana: SolanaDevnet, context: Context, params: unknown[]) {
  const blockhash = params[0];
  if (typeof blockhash !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(blockhash)) {
    throw new RpcFault(-32602, 'Invalid param: Invalid hash');
  }
  return { context, value: solana.isBlockhashValid(blockhash) };
}

/** The devnet's faucet: the relayer sends the lamports in a transaction of its own, whose signature is answered. */
export async function requestAirdrop(solana: SolanaDevnet, params: unknown[]): Promise<string> {
  const [owner, amount] = params;
  if (typeof owner !== 'string' || !isAddress(owner)) throw new RpcFault(-32602, 'Invalid param: Invalid');
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new RpcFault(-32602, 'Invalid params: expected an amount of lamports');
  }
  return solana.transferSol(owner, BigInt(amount));
}

function simulationValue(simulation: SolanaSimulation, addresses: readonly Address[] | undefined) {
  return {
    err: simulation.err,
    logs: simulation.logs,
    accounts: addresses && simulation.err === null ? addresses.map((a) => accountJson(simulation.after(a))) : null,
    unitsConsumed: simulation.unitsConsumed,
    returnData: null,
    fee: simulation.err === null ? simulation.fee : null,
    preBalances: simulation.pre.lamports,
    postBalances: simulation.post.lamports,
    preTokenBalances: simulation.pre.tokens.map(tokenBalanceJson),
    postTokenBalances: simulation.post.tokens.map(tokenBalanceJson),
    loadedAddresses: { readonly: [], writable: [] },
  };
}

/** `{ err: 'BlockhashNotFound' }` and nothing ran, as a node answers a simulation on an unknown blockhash. */
const notRun = (err: string) => ({
  err,
  logs: [],
  accounts: null,
  unitsConsumed: 0n,
  returnData: null,
  fee: null,
  preBalances: null,
  postBalances: null,
  preTokenBalances: null,
  postTokenBalances: null,
  loadedAddresses: null,
});

export function simulateTransaction(solana: SolanaDevnet, context: Context, params: unknown[]) {
  const config = objectOf(params[1]);
  const transaction = decodeWire(params[0], config.encoding);
  const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
  const sigVerify = config.sigVerify === true;
  if (sigVerify && replaceRecentBlockhash) {
    throw new RpcFault(-32602, 'sigVerify may not be used with replaceRecentBlockhash');
  }
  let addresses: Address[] | undefined;
  if (config.accounts !== undefined) {
    const accounts = objectOf(config.accounts);
    if (accounts.encoding !== undefined && accounts.encoding !== 'base64') {
      throw new RpcFault(
        -32602,
        `Invalid params: accounts encoding ${String(accounts.encoding)} is not served by the devnet`,
      );
    }
    const list = accounts.addresses;
    if (!Array.isArray(list) || list.some((a) => typeof a !== 'string' || !isAddress(a))) {
      throw new RpcFault(-32602, 'Invalid params: accounts.addresses must be base58 addresses');
    }
    addresses = list as Address[];
  }
  const simulation = solana.simulate(transaction, { sigVerify, replaceRecentBlockhash });
  if (simulation === 'BlockhashNotFound') return { context, value: notRun('BlockhashNotFound') };
  return {
    context,
    value: {
      ...simulationValue(simulation, addresses),
      replacementBlockhash: replaceRecentBlockhash ? solana.latestBlockhash() : null,
    },
  };
}

/** The words of a node's "Transaction simulation failed: …" for a failed preflight. */
function preflightWords(err: unknown): string {
  if (err === 'BlockhashNotFound') return 'Blockhash not found';
  if (err === 'AlreadyProcessed') return 'This transaction has already been processed';
  const instruction = objectOf(err).InstructionError;
  if (Array.isArray(instruction)) {
    const [index, detail] = instruction;
    const custom = objectOf(detail).Custom;
    const what = typeof custom === 'number' ? `custom program error: 0x${custom.toString(16)}` : String(detail);
    return `Error processing Instruction ${index}: ${what}`;
  }
  return String(err);
}

export function sendTransaction(solana: SolanaDevnet, params: unknown[]): string {
  const config = objectOf(params[1]);
  const transaction = decodeWire(params[0], config.encoding);
  if (Object.values(transaction.signatures).some((bytes) => !bytes)) {
    throw new RpcFault(-32003, 'Transaction signature verification failure');
  }
  const signature = getSignatureFromTransaction(transaction);
  if (config.skipPreflight !== true) {
    const simulation = solana.simulate(transaction, { sigVerify: true, replaceRecentBlockhash: false });
    if (simulation === 'BlockhashNotFound') {
      throw new RpcFault(-32002, 'Transaction simulation failed: Blockhash not found', notRun('BlockhashNotFound'));
    }
    if (simulation.err === 'SignatureFailure') throw new RpcFault(-32003, 'Transaction signature verification failure');
    if (simulation.err !== null) {
      throw new RpcFault(
        -32002,
        `Transaction simulation failed: ${preflightWords(simulation.err)}`,
        simulationValue(simulation, undefined),
      );
    }
  }
  // A dropped transaction still has its signature; it simply never lands (getSignatureStatuses answers null).
  solana.submit(transaction);
  return signature;
}
