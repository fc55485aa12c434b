import * as v from 'valibot';
import { browser } from 'wxt/browser';
import type { Access, AnyDeclaration, RegisterMessages } from '../../messaging/defineMessage';
import { ForbiddenSenderError, InvalidMessageError } from '../../messaging/errors';
import { onMessage } from '../../messaging/protocol';
import { type Reply, type SerializedError, serializeError } from '../../messaging/reply';
import { classifySender, type Sender, type SenderKind } from '../../messaging/sender';
import { toWire } from '../../messaging/wire';
import { describeIssues } from '../../schemas/issues';

const allowed = (access: Access, sender: SenderKind) =>
  sender.kind !== 'unknown' && (access === 'any' || access === sender.kind);

/**
 * Wraps a declared message: sender check, then schema check, then the work, all into a Reply. Nothing a sender does
 * can make the listener throw (a throw would reach the caller as an untyped error and, worse, could leave the worker
 * half-initialised).
 */
export function guard<Deps>(
  type: string,
  declaration: AnyDeclaration<Deps>,
  deps: Deps,
  secrets: () => Promise<string[]>,
  ready: () => Promise<void> = async () => {},
) {
  return async (data: unknown, rawSender: Sender | undefined): Promise<Reply<unknown>> => {
    try {
      // The worker's language (../language.ts) before any word: a message may be what woke the worker.
      await ready();
      const sender = classifySender(rawSender, browser.runtime.id, browser.runtime.getURL('/'));
      if (sender.kind === 'unknown' || !allowed(declaration.access, sender)) {
        throw new ForbiddenSenderError(type, sender.kind === 'unknown' ? sender.reason : sender.kind);
      }
      const parsed = v.safeParse(declaration.schema, data);
      if (!parsed.success) throw new InvalidMessageError(type, describeIssues(parsed.issues));
      // Answered as the wire carries it: a record's choice has bigint amounts, which JSON cannot hold.
      return { ok: true, value: toWire(await declaration.run(parsed.output, deps, sender)) };
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

/** Registers declared messages through @webext-core/messaging (one listener per type per context). */
export function createRegister(secrets: () => Promise<string[]>, ready?: () => Promise<void>): RegisterMessages {
  return (messages, deps) => {
    for (const [type, declaration] of Object.entries(messages)) {
      const run = guard(type, declaration, deps, secrets, ready);
      // The library passes `{ data, sender }`; the typed map's handler returns the Reply.
      onMessage(
        type as never,
        ((message: { data: unknown; sender: Sender }) => run(message.data, message.sender)) as never,
      );
    }
  };
}
