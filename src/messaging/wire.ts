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

/** Through JSON as the wire does, each bigint written as its decimal string (what is undefined is left out, as there). */
export const toWire = <T>(value: T): Wire<T> => {
  // JSON has no undefined: a handler that answers nothing answers undefined, as sendMessage carries it.
  const json = JSON.stringify(value, (_key, field: unknown) => (typeof field === 'bigint' ? field.toString() : field));
  return json === undefined ? (undefined as Wire<T>) : JSON.parse(json);
};
