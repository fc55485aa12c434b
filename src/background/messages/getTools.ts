import { NoDataSchema } from '../../messaging/defineMessage';
import { backgroundMessage } from './define';

/** getTools: the service's bridges and exchanges, from the persistent catalog cache (pages and content scripts). */
export const getTools = backgroundMessage({
  access: 'any',
  schema: NoDataSchema,
  run: (_data, { catalog }) => catalog.tools.get(),
});
