/**
 * Messages and storage carry JSON, which has no bigint: the one writer of every value that crosses (a message's
 * data and answer, a stored record) writes each bigint as its decimal string and leaves the rest as it is. What
 * reads it back names the fields that were bigint: a message's schema (e.g. src/model/choiceSchema.ts, which ends in
 * readChoice) or a storage item's codec (src/storage/transfersCodec.ts).
 */
export type Wire<T> = T extends bigint
  ? string
  : T extends readonly unknown[]
    ? { [K in keyof T]: Wire<T[K]> }
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export function toWire<T>(value: T): Wire<T> {
  if (typeof value === 'bigint') return value.toString() as Wire<T>;
  if (Array.isArray(value)) return value.map(toWire) as Wire<T>;
  if (value === null || typeof value !== 'object') return value as Wire<T>;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = toWire(value[key]);
  return out as Wire<T>;
}
