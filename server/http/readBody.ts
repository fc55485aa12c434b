import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../src/schemas/error';
import { ApiError } from './apiError';

/** Largest JSON body accepted (a step with included steps is a few KB; the spec sets no bound). */
export const MAX_BODY_BYTES = 256 * 1024;

function tooLarge(limit: number): ApiError {
  return new ApiError(413, ErrorCode.Validation, `Request body larger than ${limit} bytes`, {
    errors: { body: `must be at most ${limit} bytes` },
  });
}

/**
 * The body's bytes, through 'data' and 'end' listeners rather than `for await` (an async iterator and a promise per
 * chunk were a visible share of a small request's cost). Past the limit the rest is drained and the read fails.
 */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  // Events that already happened will not fire again: an ended stream has nothing left, a destroyed one never ends.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (req.destroyed) return Promise.reject(new Error('request closed before its body was read'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (err: Error | undefined, body?: Buffer): void => {
      req.off('data', onData).off('end', onEnd).off('error', stop).off('close', onClose);
      if (err) reject(err);
      else resolve(body!);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        stop(tooLarge(limit));
        req.resume();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => stop(undefined, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    const onClose = (): void => stop(new Error('request closed before its body was read'));
    req.on('data', onData).on('end', onEnd).on('error', stop).on('close', onClose);
  });
}

/**
 * Reads and parses a JSON body. Over the limit -> 413 (the rest of the upload is drained so the client reads the
 * answer instead of a reset connection); empty or malformed -> 400; a non-JSON content type -> 415.
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const type = req.headers['content-type'];
  if (type && !/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    req.resume();
    throw new ApiError(
      415,
      ErrorCode.Validation,
      `Invalid request: content-type must be application/json, got ${type}`,
    );
  }
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const text = (await readBytes(req, limit)).toString('utf8');
  if (text.trim() === '') {
    throw new ApiError(400, ErrorCode.Validation, 'Invalid request: body: a JSON body is required', {
      errors: { body: 'is required' },
    });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'malformed JSON';
    throw new ApiError(400, ErrorCode.Validation, `Invalid request: body: malformed JSON (${reason})`, {
      errors: { body: 'malformed JSON' },
    });
  }
}
