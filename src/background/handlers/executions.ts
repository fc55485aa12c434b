import { i18n } from '#i18n';
import { verifyRoute } from '../../wallet/choice';
import { TransactionGuardError } from '../../wallet/errors';
import type { BackgroundDeps } from '../deps';
import { toChoice } from '../execution/executions';
import {
  AnswerExecutionRateSchema,
  ContinueExecutionSchema,
  ExecutionIdMessageSchema,
  StartExecutionSchema,
} from './messageSchemas';

/** startExecution, continueExecution, answerExecutionRate, stopExecution, dismissExecution: extension pages only. */
export function registerExecutionHandlers({ handle, executions }: BackgroundDeps): void {
  handle('startExecution', {
    access: 'page',
    schema: StartExecutionSchema,
    run: (input) => {
      // Checked again by the signing flow; refused here first so nothing is stored for a route that differs.
      const matches = verifyRoute(input.route, {
        ...toChoice(input.choice),
        fromAddress: input.account,
        toAddress: input.recipient,
      });
      if (!matches.ok)
        throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [matches.reason]));
      return executions.start(input);
    },
  });
  handle('continueExecution', {
    access: 'page',
    schema: ContinueExecutionSchema,
    run: ({ id, tabId }) => executions.resume(id, tabId),
  });
  handle('answerExecutionRate', {
    access: 'page',
    schema: AnswerExecutionRateSchema,
    run: ({ id, accept }) => executions.answerRate(id, accept),
  });
  handle('stopExecution', {
    access: 'page',
    schema: ExecutionIdMessageSchema,
    run: ({ id }) => executions.stopWaiting(id),
  });
  handle('dismissExecution', {
    access: 'page',
    schema: ExecutionIdMessageSchema,
    run: ({ id }) => executions.dismiss(id),
  });
}
