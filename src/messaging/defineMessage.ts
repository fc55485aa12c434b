import * as v from 'valibot';
import type { Reply } from './reply';
import type { SenderKind } from './sender';
import type { Wire } from './wire';

/**
 * A message of the one protocol between the extension's pages and content scripts and the background, declared in
 * one module: who may send it, the schema its data must pass, and the handler that answers it. The protocol's types
 * (src/messaging/protocol.ts) and the popup's client (src/popup/api.ts) are derived from these declarations, and the
 * background registers them as they are (src/background/messages/registry.ts), so a message cannot lack a handler.
 */

/** Who may send a message: extension pages only (the popup, options), content scripts only, or both. */
export type Access = 'page' | 'content' | 'any';

/** A sender the registry let through for `access`: a content script always has its tab and frame. */
export type SenderFor<A extends Access> = A extends 'page'
  ? Extract<SenderKind, { kind: 'page' }>
  : A extends 'content'
    ? Extract<SenderKind, { kind: 'content' }>
    : Exclude<SenderKind, { kind: 'unknown' }>;

export type MessageDeclaration<Deps, A extends Access, Data, Answer> = {
  access: A;
  /**
   * Validates the data before anything runs; its output is what `run` receives. Data arrives as the wire carries it
   * (./wire.ts: bigints as decimal strings), so a field that is a bigint to `run` is read back here.
   */
  schema: v.GenericSchema<unknown, Data>;
  /** Answers the message; what it throws reaches the sender as a Reply's plain-words error. */
  run(data: Data, deps: Deps, sender: SenderFor<A>): Promise<Answer> | Answer;
};

// biome-ignore lint/suspicious/noExplicitAny: any declaration, whatever its deps, data and answer.
export type AnyDeclaration<Deps = any> = MessageDeclaration<Deps, Access, any, any>;

/**
 * Declares messages answered with `Deps` (the background's, or the narrower ones the explorer card is given): the
 * data type comes from the schema and the answer type from `run`.
 */
export function defineMessage<Deps>() {
  return <A extends Access, S extends v.GenericSchema<unknown, unknown>, Answer>(declaration: {
    access: A;
    schema: S;
    run(data: v.InferOutput<S>, deps: Deps, sender: SenderFor<A>): Promise<Answer> | Answer;
  }): MessageDeclaration<Deps, A, v.InferOutput<S>, Answer> => declaration;
}

/** Messages without data: `sendMessage('getSettings', undefined)`; null is tolerated from other callers. */
export const NoDataSchema = v.pipe(
  v.nullish(v.never(), undefined),
  v.transform(() => undefined),
);

/** Registers messages with the deps their handlers use (the background gives the explorer card this function). */
export type RegisterMessages = <Deps>(messages: Record<string, AnyDeclaration<Deps>>, deps: Deps) => void;

/** The data a message carries, as its handler receives it. */
export type DataOf<M> = M extends { schema: v.GenericSchema<unknown, infer D> } ? D : never;
/** What a message answers, as its sender receives it: the registry writes it for the wire (./wire.ts). */
export type AnswerOf<M> = M extends { run(...args: never[]): infer R } ? Wire<Awaited<R>> : never;
/** Who may send it. */
export type AccessOf<M> = M extends { access: infer A } ? A : never;

/** The protocol of a set of declarations, in @webext-core/messaging's shape: data in, a Reply out. */
export type ProtocolOf<Messages> = {
  [K in keyof Messages]: (data: DataOf<Messages[K]>) => Reply<AnswerOf<Messages[K]>>;
};
