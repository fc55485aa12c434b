import { RpcReadError } from './chainReadError';

export type RetryOptions = {
  /** Tries, including the first. Default 3. */
  attempts?: number;
  /** Wait before retry n (1-based). Default 250 ms, doubling. */
  retryDelayMs?: (attempt: number) => number;
};

/**
 * Runs a read again, a bounded number of times, when it failed in a way worth trying again (RpcReadError.retryable:
 * no answer, a time-out, HTTP 5xx or 429); a refusal, an unreadable answer or any other error is thrown at once.
 */
export async function withRetries<T>(read: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? ((n) => 250 * 2 ** (n - 1));
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof RpcReadError && err.retryable) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}
