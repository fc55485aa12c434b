import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../src/schemas/error';
import { ApiError } from './apiError';

/** Largest JSON body accepted (a step with included steps is a few KB; the spec sets no bound). */
export const MAX_BODY_BYTES = 256 * 1024;

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
  const tooLarge = () =>
    new ApiError(413, ErrorCode.Validation, `Request body larger than ${limit} bytes`, {
      errors: { body: `must be at most ${limit} bytes` },
    });
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks, size).toString('utf8');
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
