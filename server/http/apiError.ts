import { BaseError } from '../../src/errors/base';
import { ErrorCode, type ToolError } from '../../src/schemas/error';

export type ErrorDetails = ToolError[] | Record<string, string>;

/**
 * An error the service answers with: HTTP status, LI.FI code and `errors` details. The body is always
 * `{message, code, errors?}` (server/README.md).
 */
export class ApiError extends BaseError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: number;
  readonly errors: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: number,
    message: string,
    options: { errors?: ErrorDetails; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  body(): { message: string; code: number; errors?: ErrorDetails } {
    return { message: this.shortMessage, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

/** 400 naming the field that is wrong, with `errors: {field: reason}`. */
export function invalidField(field: string, reason: string): ApiError {
  return new ApiError(400, ErrorCode.Validation, `Invalid request: ${field}: ${reason}`, {
    errors: { [field]: reason },
  });
}
