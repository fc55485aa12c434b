import * as v from 'valibot';
import { ErrorCode } from '../../src/schemas/error';
import { issuePath } from '../../src/schemas/issues';
import { ApiError } from './apiError';

/**
 * Parses input with a shared request schema; a failure is a 400 (code 1011) whose message and `errors` name every
 * offending field (`errors: {"options.order": "must be one of …"}`).
 */
export function parseRequest<S extends v.GenericSchema>(schema: S, input: unknown, prefix = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = issuePath(issue);
    const field = prefix ? (path === '(root)' ? prefix : `${prefix}.${path}`) : path;
    if (!(field in errors))
      errors[field] = issue.input === undefined && issue.kind === 'schema' ? 'is required' : issue.message;
  }
  const summary = Object.entries(errors)
    .slice(0, 5)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw new ApiError(400, ErrorCode.Validation, `Invalid request: ${summary}`, { errors });
}

/** Query string as a plain object (the first value of a repeated parameter wins). */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}
