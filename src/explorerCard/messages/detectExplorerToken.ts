import * as v from 'valibot';
import { ForbiddenSenderError } from '../../messaging/errors';
import type { DetectedToken } from '../inlineQuotes';
import { findPageToken } from '../loader/pageToken';
import { cardMessage } from './define';
import { PageUrlSchema } from './fields';

/**
 * detectExplorerToken: the catalog token whose explorer page the card is on; null when the URL is not a catalog
 * token's page, and whenever the `inlineQuotes` setting is off (no card). A content script only asks about its own
 * page (same origin; the path may have moved with pushState).
 */
export const detectExplorerToken = cardMessage({
  access: 'content',
  schema: v.object({ url: PageUrlSchema }),
  run: async ({ url }, deps, sender): Promise<DetectedToken | null> => {
    if (new URL(url).origin !== new URL(sender.url).origin) {
      throw new ForbiddenSenderError('detectExplorerToken', 'cross-origin content');
    }
    if (!(await deps.getSettings()).inlineQuotes) return null;
    return findPageToken(deps, url);
  },
});
