import type { MessageAnswer, MessageData, PageMessage } from '../messaging/protocol';
import { sendMessage } from '../messaging/protocol';
import { type Reply, unwrapReply } from '../messaging/reply';
import type { Wire } from '../messaging/wire';

/**
 * What the popup asks of the background: every message an extension page may send (src/background/messages/), as a
 * plain async function that throws RemoteError. Data and answers as the wire carries them (src/messaging/wire.ts). The store depends on this type, not on messaging, so its tests run in
 * node with fakes.
 */
export type PopupApi = {
  [K in PageMessage]: MessageData<K> extends undefined
    ? () => Promise<MessageAnswer<K>>
    : (data: Wire<MessageData<K>>) => Promise<MessageAnswer<K>>;
};

/**
 * Sends the message named by the property called: derived from the protocol's types only, so the popup's bundle
 * holds no list of messages and no background code.
 */
export function createMessagingApi(): PopupApi {
  const calls = new Map<string, (data?: unknown) => Promise<unknown>>();
  return new Proxy({} as PopupApi, {
    get(_target, type) {
      // Not a message: `then` would make the client look like a promise to `await` and Promise.resolve.
      if (typeof type !== 'string' || type === 'then') return undefined;
      let call = calls.get(type);
      if (!call) {
        call = async (data?: unknown) =>
          unwrapReply((await sendMessage(type as PageMessage, data as never)) as Reply<unknown>);
        calls.set(type, call);
      }
      return call;
    },
  });
}
