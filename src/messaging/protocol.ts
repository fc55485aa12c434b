import { defineExtensionMessaging } from '@webext-core/messaging';
import type { backgroundMessages } from '../background/messages/list';
import type { cardMessages } from '../explorerCard/messages/list';
import type { AccessOf, AnswerOf, DataOf, ProtocolOf } from './defineMessage';

/**
 * The one protocol between extension pages / content scripts and the background, derived from the messages'
 * declarations (src/background/messages/, the explorer card's in src/explorerCard/messages/): each names who may
 * send it, the schema its data passes and its handler, so the types here follow them. Senders import only these
 * types (a bundle never pulls in background code through them).
 */
export type Messages = typeof backgroundMessages & typeof cardMessages;
export type MessageName = keyof Messages;
export type ProtocolMap = ProtocolOf<Messages>;

/** The data of a message, as its handler receives it. */
export type MessageData<K extends MessageName> = DataOf<Messages[K]>;
/** What a message answers, as the wire carries it (bigints as decimal strings, ./wire.ts). */
export type MessageAnswer<K extends MessageName> = AnswerOf<Messages[K]>;

/** Messages an extension page (the popup) may send. */
export type PageMessage = {
  [K in MessageName]: AccessOf<Messages[K]> extends 'content' ? never : K;
}[MessageName];

/** What the destination chain says a recipient address is. */
export type RecipientKind = MessageAnswer<'getRecipientKind'>['kind'];

/** Data is sent as the wire carries it (./wire.ts; the popup's client is typed so), and answered so by the registry. */
export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
