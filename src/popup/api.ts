import { type ProtocolMap, sendMessage } from '../messaging/protocol';
import { type Reply, unwrapReply } from '../messaging/reply';

/** The messages the popup sends; their data and answers are the protocol's (src/messaging/protocol.ts). */
const POPUP_MESSAGES = [
  'getChains',
  'getTools',
  'searchTokens',
  'getToken',
  'getRoutes',
  'getSettings',
  'updateSettings',
  'getTransfers',
  'getServiceHold',
  'takePrefill',
  'startExecution',
  'continueExecution',
  'answerExecutionRate',
  'stopExecution',
  'dismissExecution',
  'getRecipientKind',
  'getAllowance',
  'getBalances',
  'importToken',
] as const satisfies readonly (keyof ProtocolMap)[];

type PopupMessage = (typeof POPUP_MESSAGES)[number];

/** A protocol message as a plain async function: the same data in, the Reply's value out (errors thrown). */
type AsFunction<M> = M extends (...args: infer A) => Reply<infer T> ? (...args: A) => Promise<T> : never;

/**
 * What the popup asks of the background, as plain async functions that throw RemoteError. The store depends on
 * this type, not on messaging, so its tests run in node with fakes.
 */
export type PopupApi = { [K in PopupMessage]: AsFunction<ProtocolMap[K]> };

export function createMessagingApi(): PopupApi {
  // One function per message; the mapped type above gives each its own data and answer types.
  const call = (type: PopupMessage) => async (data?: unknown) =>
    unwrapReply((await sendMessage(type, data as never)) as Reply<unknown>);
  return Object.fromEntries(POPUP_MESSAGES.map((type) => [type, call(type)])) as unknown as PopupApi;
}
