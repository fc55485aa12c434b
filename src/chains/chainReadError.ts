import {
  HttpRequestError,
  ResponseBodyTooLargeError,
  RpcRequestError,
  TimeoutError,
  BaseError as ViemBaseError,
} from 'viem';
import { i18n } from '#i18n';
import { BaseError, type BaseErrorParameters } from '../errors/base';

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

/** The JSON-RPC error object a node answered, found in viem's chain of causes; undefined for any other failure. */
export function nodeRefusal(err: unknown): NodeRefusal | undefined {
  const found = err instanceof ViemBaseError ? err.walk((e) => e instanceof RpcRequestError) : undefined;
  if (!(found instanceof RpcRequestError)) return undefined;
  return {
    code: found.code,
    message: typeof found.details === 'string' ? found.details.slice(0, 300) : '',
    ...(found.data === undefined ? {} : { data: found.data }),
    ...(found.status === undefined ? {} : { httpStatus: found.status }),
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
  const base = err instanceof ViemBaseError ? err : undefined;
  const refusal = nodeRefusal(err);
  const retryable: BaseErrorParameters = { cause: err, details: 'retryable' };
  const status = refusal?.httpStatus ?? (base ? httpStatus(base) : undefined);
  if (status !== undefined) {
    const again = status >= 500 || status === 429;
    return new RpcReadError(i18n.t('rpc.http', [host, String(status)]), again ? retryable : { cause: err });
  }
  if (refusal) {
    return new RpcReadError(i18n.t('rpc.refusedCall', [host, method]), { cause: err, details: refusal.message });
  }
  if (base?.walk((e) => e instanceof ResponseBodyTooLargeError)) {
    return new RpcReadError(i18n.t('rpc.tooMuch', [host]), { cause: err });
  }
  if (base?.walk((e) => e instanceof TimeoutError)) return new RpcReadError(i18n.t('rpc.silent', [host]), retryable);
  const http = base?.walk((e) => e instanceof HttpRequestError);
  if (http instanceof HttpRequestError) {
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

function httpStatus(err: ViemBaseError): number | undefined {
  const http = err.walk((e) => e instanceof HttpRequestError);
  return http instanceof HttpRequestError ? http.status : undefined;
}

/** The host only: an override URL may carry a key in its path, which must not land in records or notifications. */
export function hostOf(rpcUrl: string): string {
  try {
    return new URL(rpcUrl).host;
  } catch {
    return 'the trusted RPC';
  }
}
