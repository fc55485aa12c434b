import { createSolanaRpc, isSolanaError, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR } from '@solana/kit';
import { i18n } from '#i18n';
import { hostOf, RpcReadError } from './chainReadError';

/**
 * The one way the extension reaches the Solana RPC it trusts (src/chains/trustedRpc.ts) to send and follow a
 * transaction: @solana/kit's client, each request bounded in time, a failure said in words that name the RPC's host,
 * never its whole URL (it may carry a key).
 */
export type SolanaClient = ReturnType<typeof createSolanaRpc>;

export const solanaClient = (rpcUrl: string): SolanaClient => createSolanaRpc(rpcUrl);

/** A kit request sent with a time-out; a failure becomes an RpcReadError naming the host (and the call refused). */
export async function sendSolanaRequest<T>(
  rpcUrl: string,
  method: string,
  request: { send(options: { abortSignal: AbortSignal }): Promise<T> },
  timeoutMs = 15_000,
): Promise<T> {
  try {
    return await request.send({ abortSignal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const host = hostOf(rpcUrl);
    const details = err instanceof Error ? err.message.slice(0, 300) : String(err);
    // A node's own JSON-RPC error (preflight failed, a blockhash not found) is a refusal; anything else is silence.
    const refused = isSolanaError(err) && !isSolanaError(err, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR);
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return Promise.reject(
      new RpcReadError(
        refused && !timedOut ? i18n.t('rpc.refusedCall', [host, method]) : i18n.t('rpc.solanaSilent', [host]),
        {
          cause: err,
          details,
        },
      ),
    );
  }
}
