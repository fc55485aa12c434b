import { defineMessage } from '../../messaging/defineMessage';
import type { BackgroundDeps } from '../deps';

/** Declares a message the background answers with its own deps (src/background/deps.ts). */
export const backgroundMessage = defineMessage<BackgroundDeps>();
