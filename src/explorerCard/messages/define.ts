import { defineMessage } from '../../messaging/defineMessage';
import type { CardContext } from './deps';

/** Declares one of the card's messages, answered with the narrow deps the background gives the card. */
export const cardMessage = defineMessage<CardContext>();
