import * as v from 'valibot';
import { backgroundMessage } from './define';
import { ExecutionIdSchema } from './fields';

/** stopExecution: stops waiting for the wallet's answer; the execution fails and can be continued (pages only). */
export const stopExecution = backgroundMessage({
  access: 'page',
  schema: v.object({ id: ExecutionIdSchema }),
  run: ({ id }, { executions }) => executions.stopWaiting(id),
});
