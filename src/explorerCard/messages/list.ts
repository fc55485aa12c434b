import { detectExplorerToken } from './detectExplorerToken';
import { getInlineQuotes } from './getInlineQuotes';
import { openPrefilled } from './openPrefilled';

/** The card's messages, content scripts only; the protocol's types include them (src/messaging/protocol.ts). */
export const cardMessages = { detectExplorerToken, getInlineQuotes, openPrefilled };
