import * as v from 'valibot';
import { browser } from 'wxt/browser';
import { onMessage, type ProtocolMap } from '../../messaging/protocol';
import { type Reply, type SerializedError, serializeError } from '../../messaging/reply';
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
export function guard<K extends MessageType>(type: K, spec: HandlerSpec<K>, secrets: () => Promise<string[]>) {
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
      return { ok: false, error: redact(serializeError(err), await secrets().catch(() => [])) };
    }
  };
}

/**
 * An error may quote what the service said, and a service may quote the key it refused: error replies are scrubbed
 * of the secrets before they leave the background.
 */
function redact(error: SerializedError, secrets: string[]): SerializedError {
  const live = secrets.filter((s) => s.length > 0);
  if (live.length === 0) return error;
  const scrub = (text: string) => live.reduce((out, secret) => out.replaceAll(secret, '[redacted]'), text);
  return {
    ...error,
    shortMessage: scrub(error.shortMessage),
    ...(error.details === undefined ? {} : { details: scrub(error.details) }),
    ...(typeof error.code === 'string' ? { code: scrub(error.code) } : {}),
  };
}

/** Registers through @webext-core/messaging (one listener per type per context). */
export function createHandle(secrets: () => Promise<string[]>): Handle {
  return (type, spec) => {
    const run = guard(type, spec, secrets);
    // The library passes `{ data, sender }`; the typed map's handler returns Reply<T>.
    onMessage(type, ((message: { data: unknown; sender: Sender }) => run(message.data, message.sender)) as never);
  };
}
