import * as v from 'valibot';
import { ForbiddenSenderError } from '../../messaging/errors';
import type { DetectedPage } from '../inlineQuotes';
import { findPageToken } from '../loader/pageToken';
import { cardMessage } from './define';
import { PageUrlSchema } from './fields';

/**
 * detectExplorerToken: the catalog token whose explorer page the card is on; null when the URL is not a catalog
 * token's page, and whenever the `inlineQuotes` setting is off (no card). A content script only asks about its own
 * page (same origin; the path may have moved with pushState). With the token comes the language chosen in Settings
 * when it is not the browser's, so the card speaks it as the popup and the background's answers do.
 */
export const detectExplorerToken = cardMessage({
  access: 'content',
  schema: v.object({ url: PageUrlSchema }),
  run: async ({ url }, deps, sender): Promise<DetectedPage | null> => {
    if (new URL(url).origin !== new URL(sender.url).origin) {
      throw new ForbiddenSenderError('detectExplorerToken', 'cross-origin content');
    }
    if (!(await deps.getSettings()).inlineQuotes) return null;
    const found = await findPageToken(deps, url);
    const language = found && (await deps.spokenLanguage?.());
    return language ? { ...found, language } : found;
  },
});
