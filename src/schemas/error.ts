import * as v from 'valibot';

/** LI.FI error codes (the spec does not show error bodies; we follow LI.FI). */
export const ErrorCode = {
  Default: 1000,
  FailedToBuildTransaction: 1001,
  NoQuote: 1002,
  NotFound: 1003,
  NotProcessable: 1004,
  RateLimit: 1005,
  ServerError: 1006,
  Slippage: 1007,
  ThirdParty: 1008,
  Timeout: 1009,
  Unauthorized: 1010,
  Validation: 1011,
  RpcFailure: 1012,
  MalformedSchema: 1013,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Per-tool reason in a "no quote" error, e.g. `{errorType: 'NO_QUOTE', code: 'AMOUNT_TOO_LOW', tool, message}`. */
export const ToolErrorSchema = v.looseObject({
  errorType: v.optional(v.string()),
  code: v.optional(v.union([v.string(), v.number()])),
  tool: v.optional(v.string()),
  message: v.optional(v.string()),
  action: v.optional(v.unknown()),
});

/** Error body: `{message, code, errors?}`. `errors` may also be a field list for validation errors. */
export const ErrorBodySchema = v.looseObject({
  message: v.string(),
  code: v.optional(v.number()),
  errors: v.optional(v.union([v.array(ToolErrorSchema), v.record(v.string(), v.unknown())])),
});

export type ToolError = v.InferOutput<typeof ToolErrorSchema>;
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
