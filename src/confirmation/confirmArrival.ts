import { SOLANA_CHAIN_ID, trustedRpcUrl } from '../chains/trustedRpc';
import type { ArrivalCheck, ArrivalParams, ArrivalReadOptions } from './arrivalCheck';
import { readEvmArrival } from './evmArrival';
import { readSolanaArrival } from './solanaArrival';

/**
 * Reads a receiving transaction the routing service reported through the destination chain's trusted RPC (the
 * person's override or the build's pin, never a URL the service or a page named) and says whether the chain
 * confirms it: it exists, succeeded, and moved at least `minAmount` of `token` to `recipient`.
 *
 * `contradicted` with `notFound` may also be a trusted RPC that has not seen a just-mined transaction yet (a
 * load-balanced public node a block behind): callers read once more a few seconds later before warning.
 */
export async function confirmArrival(params: ArrivalParams, options: ArrivalReadOptions): Promise<ArrivalCheck> {
  return confirmArrivalAt(trustedRpcUrl(params.chainId, options.rpcUrls, options.storeBuild), params, options);
}

/** confirmArrival through an RPC the caller already chose as trusted (the background's own choice of it). */
export function confirmArrivalAt(
  rpcUrl: string | undefined,
  params: ArrivalParams,
  options: { timeoutMs?: number } = {},
): Promise<ArrivalCheck> {
  if (rpcUrl === undefined) return Promise.resolve({ kind: 'unreadable', reason: 'noTrustedRpc' });
  const read = params.chainId === SOLANA_CHAIN_ID ? readSolanaArrival : readEvmArrival;
  return read(rpcUrl, params, { timeoutMs: options.timeoutMs });
}

/**
 * What an earlier step of a multi-step route delivered, read on chain: the amount the next step may spend (never
 * the service's figure for it). `confirmed` carries it; anything else means the next step must not be offered yet.
 */
export function readDeliveredAmount(
  params: Omit<ArrivalParams, 'minAmount'>,
  options: ArrivalReadOptions,
): Promise<ArrivalCheck> {
  return confirmArrival({ ...params, minAmount: 1n }, options);
}
