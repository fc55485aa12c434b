import type { BackgroundDeps } from '../deps';
import { NoDataSchema, TransferInputSchema } from './messageSchemas';

/** trackTransfer / getTransfers: extension pages only. */
export function registerTransferHandlers({ handle, tracker, scheduler, store }: BackgroundDeps): void {
  handle('trackTransfer', {
    access: 'page',
    schema: TransferInputSchema,
    run: async (input) => {
      // Stored before the first poll: a worker stopped right after this still finds it on the next start.
      const record = await tracker.record(input);
      await scheduler.reschedule();
      return record;
    },
  });
  handle('getTransfers', { access: 'page', schema: NoDataSchema, run: () => store.list() });
}
