import * as v from 'valibot';
import { backgroundMessage } from './define';
import { ExecutionIdSchema } from './fields';

/** answerExecutionRate: the person's answer when the fresh minimum fell below the one shown (extension pages only). */
export const answerExecutionRate = backgroundMessage({
  access: 'page',
  schema: v.object({ id: ExecutionIdSchema, accept: v.boolean() }),
  run: ({ id, accept }, { executions }) => executions.answerRate(id, accept),
});
