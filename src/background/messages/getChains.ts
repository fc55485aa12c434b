import { NoDataSchema } from '../../messaging/defineMessage';
import { backgroundMessage } from './define';

/** getChains: from the persistent catalog cache (pages and content scripts). */
export const getChains = backgroundMessage({
  access: 'any',
  schema: NoDataSchema,
  run: (_data, { catalog }) => catalog.chains.get(),
});
