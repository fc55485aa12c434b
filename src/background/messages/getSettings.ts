import { NoDataSchema } from '../../messaging/defineMessage';
import { toPublicSettings } from '../settings';
import { backgroundMessage } from './define';

/** getSettings: extension pages only; the API key never leaves (hasApiKey instead). */
export const getSettings = backgroundMessage({
  access: 'page',
  schema: NoDataSchema,
  run: async (_data, { settings }) => toPublicSettings(await settings.get()),
});
