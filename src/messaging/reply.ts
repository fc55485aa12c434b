import { BaseError } from '../errors/base';

/**
 * Messages cross the extension boundary as structured clones, which drops error classes. Handlers therefore answer
 * with a Reply, and callers turn a failed Reply back into a RemoteError that keeps the user-facing shortMessage.
 */
export type SerializedError = {
  name: string;
  shortMessage: string;
  details?: string;
  /** API error code (LI.FI codes) or protocol error kind. */
  code?: number | string;
  status?: number;
};

export type Reply<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

export class RemoteError extends BaseError {
  override name = 'RemoteError';
  readonly remoteName: string;
  readonly code: number | string | undefined;
  readonly status: number | undefined;
  constructor(error: SerializedError) {
    super(error.shortMessage, { details: error.details });
    this.remoteName = error.name;
    this.code = error.code;
    this.status = error.status;
  }
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof BaseError) {
    const extra = err as unknown as { code?: unknown; status?: unknown };
    return {
      name: err.name,
      shortMessage: err.shortMessage,
      details: err.details,
      code: typeof extra.code === 'number' || typeof extra.code === 'string' ? extra.code : undefined,
      status: typeof extra.status === 'number' ? extra.status : undefined,
    };
  }
  if (err instanceof Error) return { name: err.name, shortMessage: 'Something went wrong.', details: err.message };
  return { name: 'Error', shortMessage: 'Something went wrong.', details: String(err) };
}

export async function toReply<T>(work: () => Promise<T> | T): Promise<Reply<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}

export function unwrapReply<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  throw new RemoteError(reply.error);
}
