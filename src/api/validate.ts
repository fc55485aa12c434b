import * as v from 'valibot';
import { describeIssues, issuePath } from '../schemas/issues';
import { SchemaError } from './errors';

/** Validates a decoded body against its spec schema; a violation names the field path in the SchemaError. */
export function parseResponse<TSchema extends v.GenericSchema>(
  schema: TSchema,
  data: unknown,
  context: { url: string; method: string },
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  return failWith(result.issues, context);
}

function failWith(issues: readonly v.BaseIssue<unknown>[], context: { url: string; method: string }): never {
  throw new SchemaError({
    ...context,
    paths: [...new Set(issues.map(issuePath))],
    issues: describeIssues(issues),
  });
}
