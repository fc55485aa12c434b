import type { BackgroundDeps } from '../deps';
import { StepTransactionMessageSchema } from './messageSchemas';

/** getStepTransaction: never cached (it carries current gas data and is fetched right before signing). */
export function registerStepTransactionHandler({ handle, api }: BackgroundDeps): void {
  handle('getStepTransaction', {
    access: 'page',
    schema: StepTransactionMessageSchema,
    run: (data) => api.getStepTransaction(data),
  });
}
