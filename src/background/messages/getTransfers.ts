import { NoDataSchema } from '../../messaging/defineMessage';
import { backgroundMessage } from './define';

/** getTransfers: every tracked transfer, newest first (extension pages only). */
export const getTransfers = backgroundMessage({
  access: 'page',
  schema: NoDataSchema,
  run: (_data, { store }) => store.list(),
});
