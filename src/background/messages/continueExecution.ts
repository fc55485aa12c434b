import * as v from 'valibot';
import { backgroundMessage } from './define';
import { ExecutionIdSchema, TabIdSchema } from './fields';

/**
 * continueExecution: runs a failed or interrupted execution again from the top (Activity's Continue), through tab
 * `tabId`'s wallet when given (the popup's tab: the one it started in may be gone). Extension pages only.
 */
export const continueExecution = backgroundMessage({
  access: 'page',
  schema: v.object({ id: ExecutionIdSchema, tabId: v.optional(TabIdSchema) }),
  run: ({ id, tabId }, { executions }) => executions.resume(id, tabId),
});
