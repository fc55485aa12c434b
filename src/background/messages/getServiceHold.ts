import { NoDataSchema } from '../../messaging/defineMessage';
import { backgroundMessage } from './define';

/**
 * getServiceHold: until when (epoch ms, 0 for not) the service asked the extension to hold its requests. Asked by
 * the popup while a search takes long: a hold the service asked for is then said, with its end.
 */
export const getServiceHold = backgroundMessage({
  access: 'page',
  schema: NoDataSchema,
  run: (_data, { api }) => ({ until: api.heldUntil() }),
});
