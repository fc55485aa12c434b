import type { IncomingMessage } from 'node:http';
import type { ServiceContext } from '../serviceContext';
import type { CachedBody } from './cachedBody';

export type HandlerRequest = {
  url: URL;
  query: Record<string, string>;
  raw: IncomingMessage;
  /** Reads and parses the JSON body (POST only). */
  body(): Promise<unknown>;
};

/**
 * A JSON value serialized per request, JSON text a handler wrote itself (the routes answer), or a listing serialized
 * once (gzip and ETag/304 apply).
 */
export type Reply =
  | { kind: 'json'; status?: number; body: unknown }
  | {
      kind: 'jsonText';
      status?: number;
      text: string;
      /** The handler vouches the text is pure ASCII: it is sent as is, without measuring or re-encoding it. */
      ascii?: boolean;
    }
  | { kind: 'cached'; body: CachedBody };

export type Handler = (ctx: ServiceContext, req: HandlerRequest) => Reply | Promise<Reply>;

export const json = (body: unknown, status = 200): Reply => ({ kind: 'json', status, body });

/** Already serialized JSON: the handler guarantees `text` is valid JSON (and pure ASCII when `ascii`). */
export const jsonText = (text: string, ascii = false, status = 200): Reply => ({
  kind: 'jsonText',
  status,
  text,
  ascii,
});
