import * as v from 'valibot';
import { browser } from 'wxt/browser';
import { onMessage, type ProtocolMap } from '../../messaging/protocol';
import { type Reply, serializeError } from '../../messaging/reply';
import { describeIssues } from '../../schemas/issues';
import { ForbiddenSenderError, InvalidMessageError } from '../errors';
import { classifySender, type Sender, type SenderKind } from './sender';

export type MessageType = keyof ProtocolMap;
export type DataOf<K extends MessageType> = Parameters<ProtocolMap[K]>[0];
export type ValueOf<K extends MessageType> = ReturnType<ProtocolMap[K]> extends Reply<infer T> ? T : never;

/** Who may send a message: extension pages only, content scripts only, or both. */
export type Access = 'page' | 'content' | 'any';

export type HandlerSpec<K extends MessageType> = {
  access: Access;
  /** Validates the message data; its output is what `run` receives. */
  schema: v.GenericSchema<unknown, DataOf<K>>;
  run(data: DataOf<K>, sender: Exclude<SenderKind, { kind: 'unknown' }>): Promise<ValueOf<K>> | ValueOf<K>;
};

/** Registers a handler; other modules (the explorer handlers) get this function in their deps. */
export type Handle = <K extends MessageType>(type: K, spec: HandlerSpec<K>) => void;

const allowed = (access: Access, sender: SenderKind) =>
  sender.kind !== 'unknown' && (access === 'any' || access === sender.kind);

/**
 * Wraps a handler: sender check, then schema check, then the work, all into a Reply. Nothing a sender does can make
 * the listener throw (a throw would reach the caller as an untyped error and, worse, could leave the worker
 * half-initialised).
 */
export function guard<K extends MessageType>(type: K, spec: HandlerSpec<K>) {
  return async (data: unknown, rawSender: Sender | undefined): Promise<Reply<ValueOf<K>>> => {
    try {
      const sender = classifySender(rawSender, browser.runtime.id, browser.runtime.getURL('/'));
      if (sender.kind === 'unknown' || !allowed(spec.access, sender)) {
        throw new ForbiddenSenderError(type, sender.kind === 'unknown' ? sender.reason : sender.kind);
      }
      const parsed = v.safeParse(spec.schema, data);
      if (!parsed.success) throw new InvalidMessageError(type, describeIssues(parsed.issues));
      return { ok: true, value: await spec.run(parsed.output, sender) };
    } catch (err) {
      return { ok: false, error: serializeError(err) };
    }
  };
}

/** Registers through @webext-core/messaging (one listener per type per context). */
export const handle: Handle = (type, spec) => {
  const run = guard(type, spec);
  // The library passes `{ data, sender }`; the typed map's handler returns Reply<T>.
  onMessage(type, ((message: { data: unknown; sender: Sender }) => run(message.data, message.sender)) as never);
};
