import { i18n } from '#i18n';
import { BaseError, type BaseErrorParameters } from '../errors/base';
import type { TrustedClient } from './trustedClient';

/**
 * The trusted RPC could not be read (network, time-out, HTTP or JSON-RPC error, unreadable answer), in words. A
 * failure worth trying again (no answer, a time-out, HTTP 5xx or 429) carries `details: 'retryable'`.
 */
export class RpcReadError extends BaseError {
  override name = 'RpcReadError';
  get retryable(): boolean {
    return this.details === 'retryable';
  }
}

/** The node's own JSON-RPC error for one call, when that is what failed (not the network, not HTTP). */
export type NodeRefusal = { code: number; message: string; data?: unknown; httpStatus?: number };

/**
 * viem's errors, told apart by name rather than by class: the checks then import nothing of viem, so what the popup
 * shares with the background is bundled as it was.
 */
type ViemRequestError = Error & { details?: unknown; code?: unknown; data?: unknown; status?: unknown };

/** The first error named `name` in the chain of causes. */
function causeNamed(err: unknown, name: string): ViemRequestError | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 20; e = e.cause, depth++) {
    if (e.name === name) return e as ViemRequestError;
  }
  return undefined;
}

/** The JSON-RPC error object a node answered, found in viem's chain of causes; undefined for any other failure. */
export function nodeRefusal(err: unknown): NodeRefusal | undefined {
  const found = causeNamed(err, 'RpcRequestError');
  if (!found || typeof found.code !== 'number') return undefined;
  return {
    code: found.code,
    message: typeof found.details === 'string' ? found.details.slice(0, 300) : '',
    ...(found.data === undefined ? {} : { data: found.data }),
    ...(typeof found.status === 'number' ? { httpStatus: found.status } : {}),
  };
}

/**
 * A failed read through the trusted client (src/chains/trustedClient.ts) as an RpcReadError in words: viem's errors
 * say what failed in English for developers and name the whole URL, which may carry a key; these name the host.
 * `method` names the call a node refused. An RpcReadError passes through unchanged.
 */
export function chainReadError(err: unknown, rpcUrl: string, method = 'the request'): RpcReadError {
  if (err instanceof RpcReadError) return err;
  const host = hostOf(rpcUrl);
  const refusal = nodeRefusal(err);
  const retryable: BaseErrorParameters = { cause: err, details: 'retryable' };
  const http = causeNamed(err, 'HttpRequestError');
  const status = refusal?.httpStatus ?? (typeof http?.status === 'number' ? http.status : undefined);
  if (status !== undefined) {
    const again = status >= 500 || status === 429;
    return new RpcReadError(i18n.t('rpc.http', [host, String(status)]), again ? retryable : { cause: err });
  }
  if (refusal) {
    return new RpcReadError(i18n.t('rpc.refusedCall', [host, method]), { cause: err, details: refusal.message });
  }
  if (causeNamed(err, 'ResponseBodyTooLargeError'))
    return new RpcReadError(i18n.t('rpc.tooMuch', [host]), { cause: err });
  if (causeNamed(err, 'TimeoutError')) return new RpcReadError(i18n.t('rpc.silent', [host]), retryable);
  if (http) {
    const inner = http.cause;
    if (inner instanceof SyntaxError) return new RpcReadError(i18n.t('rpc.notJson', [host]), { cause: err });
    // "Expected n responses to batch request": an answer that is no batch, or one that leaves calls out.
    if (inner instanceof Error && /batch/i.test(inner.message)) {
      return new RpcReadError(i18n.t('rpc.refused', [host]), { cause: err });
    }
    // fetch itself failed: nothing listens, DNS, TLS, the connection dropped.
    return new RpcReadError(i18n.t('rpc.silent', [host]), retryable);
  }
  return new RpcReadError(i18n.t('rpc.refused', [host]), { cause: err });
}

/** The host only: an override URL may carry a key in its path, which must not land in records or notifications. */
export function hostOf(rpcUrl: string): string {
  try {
    return new URL(rpcUrl).host;
  } catch {
    return 'the trusted RPC';
  }
}

/** The URL a trusted client reads (for words: chainReadError names only its host). */
export const rpcUrlOf = (client: TrustedClient): string => (client.transport.url as string | undefined) ?? '';

/** A `.catch` that throws a failed call's error in words, naming `method` when the node refused it. */
export function inWords(client: TrustedClient, method: string): (err: unknown) => never {
  return (err) => {
    throw chainReadError(err, rpcUrlOf(client), method);
  };
}
