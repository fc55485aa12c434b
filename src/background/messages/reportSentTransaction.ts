import * as v from 'valibot';
import { TxHashSchema } from '../../schemas/primitives';
import { UnknownWatchError } from '../errors';
import { backgroundMessage } from './define';
import { Hex } from './fields';

/** 128 random bits in lower-case hex, as the signing flow makes them (src/signing/executeTransfer.ts). */
const WatchIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex digits'));

/**
 * reportSentTransaction: sent by the wallet relay content script (src/wallet/relay.ts) when the page's wallet
 * answered a watched eth_sendTransaction. The signing flow registered the transfer (without its hash) under the
 * watch ID right before asking the wallet (src/background/transfers/expectations.ts), so a transfer the wallet sends
 * after the worker lost its own answer is still recorded, through the same idempotent path (by hash) as the flow's
 * own record: one record and one notification together. Refused with UNKNOWN_WATCH for an unknown, expired or other
 * tab's watch ID. From a content script beside an untrusted page: a strict shape, nothing else accepted.
 */
export const reportSentTransaction = backgroundMessage({
  access: 'content',
  schema: v.strictObject({
    watchId: WatchIdSchema,
    txHash: v.pipe(TxHashSchema, Hex<`0x${string}`>()),
  }),
  run: async ({ watchId, txHash }, { expectations, tracker, scheduler }, sender): Promise<void> => {
    // The relay is injected into the top frame only; a frame's script has no business reporting sends.
    if (sender.frameId !== 0) throw new UnknownWatchError('reported from a sub-frame');
    await expectations.claim(watchId, sender.tabId, (transfer, owner) =>
      tracker.record({ ...transfer, txHash }, owner),
    );
    await scheduler.reschedule();
  },
});
