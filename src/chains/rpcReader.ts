import { readAddressUse } from './readAddressUse';
import { readAllowance } from './readAllowance';
import { readBalances } from './readBalances';
import { readEnsAddress } from './readEnsAddress';
import { readGasFunds } from './readGasFunds';
import { readHasCode } from './readHasCode';
import { type ReadReplacementParameters, readReplacement } from './readReplacement';
import { readSentTransaction } from './readSentTransaction';
import { readTokenMetadata } from './readTokenMetadata';
import { type TrustedClient, trustedClient } from './trustedClient';
import { withRetries } from './withRetries';

/**
 * The background's reads of a chain by trusted RPC URL (src/chains/trustedRpc.ts): each one of the actions beside
 * this file through the one trusted client (./trustedClient.ts), a batch with the chain's ID (so an override
 * pointing at the wrong chain is caught), retried a bounded number of times on network, time-out and 5xx failures.
 */

export { hostOf, RpcReadError } from './chainReadError';
export type { ChainTransaction, ReadSentTransactionReturnType as SentTransactionRead } from './readSentTransaction';

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
  /** The trusted client for `rpcUrl` with this reader's fetch and time-out: for reads not listed here. */
  client(rpcUrl: string): TrustedClient;
  readSentTransaction(rpcUrl: string, txHash: `0x${string}`): ReturnType<typeof readSentTransaction>;
  /** What the chain mined at an account's nonce, when a wallet replaced the sent transaction (readReplacement.ts). */
  readReplacement(rpcUrl: string, params: ReadReplacementParameters): ReturnType<typeof readReplacement>;
  /** Whether an address holds code (a contract) on the RPC's chain, with that chain's ID. */
  readHasCode(rpcUrl: string, address: `0x${string}`): ReturnType<typeof readHasCode>;
  /** Whether an address ever sent or holds the native coin on the RPC's chain (readAddressUse.ts). */
  readAddressUse(rpcUrl: string, address: `0x${string}`): ReturnType<typeof readAddressUse>;
  /** The ERC-20 allowance `owner` gave `spender` on the RPC's chain, with that chain's ID. */
  readAllowance(
    rpcUrl: string,
    token: `0x${string}`,
    owner: `0x${string}`,
    spender: `0x${string}`,
  ): ReturnType<typeof readAllowance>;
  /** Balances of `owner` for each token (the zero address for the native coin); a token that does not answer is left out. */
  readBalances(rpcUrl: string, owner: `0x${string}`, tokens: `0x${string}`[]): ReturnType<typeof readBalances>;
  /** The Ethereum address an ENS name points to (null: none), read on the RPC's chain, which must be Ethereum. */
  readEnsAddress(rpcUrl: string, name: string): ReturnType<typeof readEnsAddress>;
  /** The native balance of `owner` and the chain's gas price (the destination-gas check). */
  readGasFunds(rpcUrl: string, owner: `0x${string}`): ReturnType<typeof readGasFunds>;
  /** An ERC-20's name, symbol and decimals as the contract itself answers them. */
  readTokenMetadata(rpcUrl: string, token: `0x${string}`): ReturnType<typeof readTokenMetadata>;
};

export function createRpcReader(options: RpcReaderOptions = {}): RpcReader {
  const clients = new Map<string, TrustedClient>();
  const client = (rpcUrl: string) => {
    let known = clients.get(rpcUrl);
    if (!known) {
      known = trustedClient(rpcUrl, { fetch: options.fetch, timeoutMs: options.timeoutMs });
      clients.set(rpcUrl, known);
    }
    return known;
  };
  const retried = <T>(rpcUrl: string, read: (client: TrustedClient) => Promise<T>) =>
    withRetries(() => read(client(rpcUrl)), options);
  return {
    client,
    readSentTransaction: (rpcUrl, hash) => retried(rpcUrl, (c) => readSentTransaction(c, { hash })),
    readReplacement: (rpcUrl, params) => retried(rpcUrl, (c) => readReplacement(c, params)),
    readHasCode: (rpcUrl, address) => retried(rpcUrl, (c) => readHasCode(c, { address })),
    readAddressUse: (rpcUrl, address) => retried(rpcUrl, (c) => readAddressUse(c, { address })),
    readAllowance: (rpcUrl, token, owner, spender) =>
      retried(rpcUrl, (c) => readAllowance(c, { token, owner, spender })),
    readBalances: (rpcUrl, owner, tokens) => retried(rpcUrl, (c) => readBalances(c, { owner, tokens })),
    readEnsAddress: (rpcUrl, name) => retried(rpcUrl, (c) => readEnsAddress(c, { name })),
    readGasFunds: (rpcUrl, owner) => retried(rpcUrl, (c) => readGasFunds(c, { owner })),
    readTokenMetadata: (rpcUrl, token) => retried(rpcUrl, (c) => readTokenMetadata(c, { token })),
  };
}
