/**
 * Error base in viem's shape: `shortMessage` is what a person reads in the UI, `message` adds details and the
 * chain of causes for logs.
 */
export type BaseErrorParameters = {
  cause?: unknown;
  details?: string;
  metaMessages?: string[];
};

export class BaseError extends Error {
  override name = 'BaseError';
  readonly shortMessage: string;
  readonly details: string | undefined;
  readonly metaMessages: string[] | undefined;

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof BaseError
        ? parameters.cause.details
        : parameters.cause instanceof Error
          ? parameters.cause.message
          : undefined);
    const message = [
      shortMessage,
      ...(parameters.metaMessages?.length ? ['', ...parameters.metaMessages] : []),
      ...(details ? ['', `Details: ${details}`] : []),
    ].join('\n');
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause });
    this.shortMessage = shortMessage;
    this.details = details;
    this.metaMessages = parameters.metaMessages;
  }

  /** Walks the cause chain; returns the first error matching `fn`, or the deepest cause. */
  walk(fn?: (err: unknown) => boolean): unknown {
    let err: unknown = this;
    while (err) {
      if (fn?.(err)) return err;
      const next = (err as { cause?: unknown }).cause;
      if (!next) return fn ? null : err;
      err = next;
    }
    return fn ? null : err;
  }
}
