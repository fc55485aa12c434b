import * as v from 'valibot';

/** Shared pieces of the messages' schemas. */

/** Narrows a checked string to a hex template type (the schema before it checked the shape). */
export const Hex = <T extends `0x${string}`>() => v.transform((s: string) => s as T);

export const ShortText = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

export const TabIdSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** 128 random bits in lower-case hex, as the background makes them for an execution. */
export const ExecutionIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex digits'));
