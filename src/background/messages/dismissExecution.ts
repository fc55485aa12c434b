import * as v from 'valibot';
import { backgroundMessage } from './define';
import { ExecutionIdSchema } from './fields';

/** dismissExecution: forgets an execution that is not running (extension pages only). */
export const dismissExecution = backgroundMessage({
  access: 'page',
  schema: v.object({ id: ExecutionIdSchema }),
  run: ({ id }, { executions }) => executions.dismiss(id),
});
