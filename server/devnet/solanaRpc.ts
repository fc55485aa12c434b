import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAddress, isSignature } from '@solana/kit';
import type { SolanaDevnet } from './solana';
import {
  getLatestBlockhash,
  isBlockhashValid,
  requestAirdrop,
  sendTransaction,
  simulateTransaction,
} from './solanaRpcSend';
import { RpcFault, tokenBalanceJson } from './solanaRpcShapes';
import { getTokenAccountsByOwner } from './solanaRpcTokens';
import type { SolanaTransactionRecord } from './solanaTransactions';

/**
 * The Solana JSON-RPC methods the extension reads an arrival with (src/confirmation/), served over the devnet's
 * in-process VM, so the extension's code path against a real Solana node (@solana/kit's RPC client) runs offline:
 * `getTransaction` (encoding `json`, with `meta.err` and the pre/post lamport and token balances the devnet recorded
 * around each transaction), `getSignatureStatuses`, `getBalance`, `getSlot`, `getHealth` and `getGenesisHash`; and
 * those a wallet sends with (./solanaRpcSend.ts: `getLatestBlockhash`, `isBlockhashValid`, `simulateTransaction`,
 * `sendTransaction`, `requestAirdrop`) and reads token accounts with (./solanaRpcTokens.ts). Every transaction on
 * the VM is final as soon as it ran, so every commitment answers the same.
 */

export type SolanaRpcServer = {
  url: string;
  port: number;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 64 * 1024;
/** Wallet pages call Solana RPCs from the page: answer any origin, as public Solana RPCs do. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
};

type JsonRpcRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
/**
 * Listens on 127.0.0.1: on `preferredPort` when given and free (so a build's pinned devnet URL finds it), else on
 * a free port.
 */
export async function startSolanaRpc(solana: SolanaDevnet, preferredPort?: number): Promise<SolanaRpcServer> {
  const server = createServer((req, res) => {
    serve(solana, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, CORS);
      res.end();
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
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
  return { url: `http://127.0.0.1:${port}`, port, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

async function serve(solana: SolanaDevnet, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS);
    res.end();
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { ...CORS, allow: 'POST, OPTIONS' });
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      res.writeHead(413, CORS);
      res.end();
      return;
    }
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return reply(res, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  // One after another, as they came: a batch that sends then reads answers in that order.
  let answer: unknown;
  if (Array.isArray(body)) {
    const answers: unknown[] = [];
    for (const item of body) answers.push(await answerOne(solana, item));
    answer = answers;
  } else {
    answer = await answerOne(solana, body);
  }
  reply(res, answer);
}

function reply(res: ServerResponse, answer: unknown): void {
  const text = toJson(answer);
  res.writeHead(200, { ...CORS, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Solana's JSON-RPC writes u64 as plain JSON numbers, beyond 2^53 too: bigints go out as their digits. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `\u0000u64:${v}` : v)).replace(
    /"\\u0000u64:(\d+)"/g,
    '$1',
  );
}

async function answerOne(solana: SolanaDevnet, request: unknown): Promise<unknown> {
  const {
    id = null,
    method,
    params = [],
  } = (typeof request === 'object' && request !== null ? request : {}) as JsonRpcRequest;
  try {
    if (typeof method !== 'string') throw new RpcFault(-32600, 'Invalid request');
    if (!Array.isArray(params)) throw new RpcFault(-32602, 'Invalid params: expected an array');
    return { jsonrpc: '2.0', id, result: await call(solana, method, params) };
  } catch (err) {
    const fault = err instanceof RpcFault ? err : new RpcFault(-32603, 'Internal error');
    const error = {
      code: fault.code,
      message: fault.message,
      ...(fault.data !== undefined ? { data: fault.data } : {}),
    };
    return { jsonrpc: '2.0', id, error };
  }
}

async function call(solana: SolanaDevnet, method: string, params: unknown[]): Promise<unknown> {
  const context = { slot: solana.slot };
  switch (method) {
    case 'getHealth':
      return 'ok';
    // How a client tells a Solana RPC from another (Settings checks it on save): this VM's own genesis, not
    // mainnet's (sha256 of "bridge-companion devnet genesis", as a base58 hash).
    case 'getGenesisHash':
      return 'GXWqipRmCuiS7yq4FSyMFaC9XcxeVd3dagXxtJoKZBJ1';
    case 'getSlot':
      return solana.slot;
    case 'getBalance': {
      const owner = params[0];
      if (typeof owner !== 'string' || !isAddress(owner)) throw new RpcFault(-32602, 'Invalid param: Invalid');
      return { context, value: solana.solBalance(owner) };
    }
    case 'getSignatureStatuses': {
      const signatures = params[0];
      if (!Array.isArray(signatures) || signatures.length > 256) {
        throw new RpcFault(-32602, 'Invalid params: expected an array of at most 256 signatures');
      }
      return {
        context,
        value: signatures.map((signature) => {
          if (typeof signature !== 'string' || !isSolanaSignature(signature)) {
            throw new RpcFault(-32602, 'Invalid param: Invalid signature');
          }
          const record = solana.transaction(signature);
          if (!record) return null;
          return {
            slot: record.slot,
            confirmations: null,
            err: record.err,
            status: record.err === null ? { Ok: null } : { Err: record.err },
            confirmationStatus: 'finalized',
          };
        }),
      };
    }
    case 'getTransaction':
      return getTransaction(solana, params);
    case 'getLatestBlockhash':
      return getLatestBlockhash(solana, context);
    case 'isBlockhashValid':
      return isBlockhashValid(solana, context, params);
    case 'simulateTransaction':
      return simulateTransaction(solana, context, params);
    case 'sendTransaction':
      return sendTransaction(solana, params);
    case 'requestAirdrop':
      return requestAirdrop(solana, params);
    case 'getTokenAccountsByOwner':
      return getTokenAccountsByOwner(solana, context, params);
    default:
      throw new RpcFault(-32601, 'Method not found');
  }
}

/** kit's check throws on text that is not base58 at all; a node answers "Invalid param" instead. */
function isSolanaSignature(value: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value) && isSignature(value);
}

function getTransaction(solana: SolanaDevnet, params: unknown[]): unknown {
  const [signature, config] = params;
  if (typeof signature !== 'string' || !isSolanaSignature(signature)) {
    throw new RpcFault(-32602, 'Invalid param: Invalid signature');
  }
  const options = (typeof config === 'object' && config !== null ? config : {}) as {
    encoding?: unknown;
    maxSupportedTransactionVersion?: unknown;
  };
  // The encodings the extension reads: json (arrival), base64 (the sent message read back); jsonParsed is not served.
  const encoding = options.encoding ?? 'json';
  if (encoding !== 'json' && encoding !== 'base64') {
    throw new RpcFault(-32602, `Invalid params: encoding ${String(options.encoding)} is not served by the devnet`);
  }
  const record = solana.transaction(signature);
  if (!record) return null;
  const supportsV0 = typeof options.maxSupportedTransactionVersion === 'number';
  if (record.version === 0 && !supportsV0) {
    // What a real node answers a client that did not say it reads versioned transactions.
    throw new RpcFault(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  const json = transactionJson(record, supportsV0);
  return encoding === 'base64' ? { ...json, transaction: [record.wire, 'base64'] } : json;
}

function transactionJson(record: SolanaTransactionRecord, versioned: boolean): Record<string, unknown> {
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    ...(versioned ? { version: record.version } : {}),
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
      postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
      // Not recorded: nothing the extension reads needs the inner (CPI) instructions.
      innerInstructions: [],
      logMessages: record.logMessages,
      rewards: [],
      computeUnitsConsumed: record.computeUnitsConsumed,
      ...(versioned ? { loadedAddresses: { writable: [], readonly: [] } } : {}),
    },
    transaction: {
      signatures: record.signatures,
      message: {
        ...record.message,
        ...(versioned && record.version === 0 ? { addressTableLookups: [] } : {}),
      },
    },
  };
}
