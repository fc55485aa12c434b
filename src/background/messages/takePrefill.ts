import { NoDataSchema } from '../../messaging/defineMessage';
import { takePrefill as takeStoredPrefill } from '../prefill';
import { backgroundMessage } from './define';

/** takePrefill: the popup takes, once, what an explorer card left for it (the card's openPrefilled). */
export const takePrefill = backgroundMessage({
  access: 'page',
  schema: NoDataSchema,
  run: () => takeStoredPrefill(),
});
