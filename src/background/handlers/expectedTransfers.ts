import type { BackgroundDeps } from '../deps';
import { UnknownWatchError } from '../errors';
import { ExpectTransferSchema, ReportSentTransactionSchema } from './messageSchemas';

/**
 * expectTransfer (extension pages) and reportSentTransaction (the wallet relay content script): a transfer the
 * wallet sends after the popup closed is still recorded, through the same idempotent path as trackTransfer, so the
 * popup's own trackTransfer and the relay's report make one record and one notification together.
 */
export function registerExpectedTransferHandlers({ handle, expectations, tracker, scheduler }: BackgroundDeps): void {
  handle('expectTransfer', {
    access: 'page',
    schema: ExpectTransferSchema,
    run: ({ watchId, tabId, transfer }) => expectations.expect(watchId, tabId, transfer),
  });
  handle('reportSentTransaction', {
    access: 'content',
    schema: ReportSentTransactionSchema,
    run: async ({ watchId, txHash }, sender) => {
      // The relay is injected into the top frame only; a frame's script has no business reporting sends.
      if (sender.kind !== 'content' || sender.frameId !== 0) throw new UnknownWatchError('reported from a sub-frame');
      await expectations.claim(watchId, sender.tabId, (transfer) => tracker.record({ ...transfer, txHash }));
      await scheduler.reschedule();
    },
  });
}
