import * as v from 'valibot';
import { i18n } from '#i18n';
import { verifyRoute } from '../../checks/choice';
import { TransactionGuardError } from '../../checks/errors';
import { TransferChoiceSchema } from '../../model/choiceSchema';
import type { ExecutionRecord, ExecutionStart } from '../../model/transfer';
import { ChainAddressSchema } from '../../schemas/chainAddress';
import { AddressSchema } from '../../schemas/primitives';
import { RouteSchema } from '../../schemas/route';
import { backgroundMessage } from './define';
import { Hex, ShortText, TabIdSchema } from './fields';

/**
 * startExecution: the person confirmed the review. The background carries the transfer out through tab `tabId`'s
 * wallet (switch, approval, fresh step transaction, guards, send) whether the popup stays open or not, and keeps its
 * record in `local:executions`, which the popup watches. Resolves once the record is stored, before the wallet is
 * asked. Extension pages only.
 */
export const startExecution = backgroundMessage({
  access: 'page',
  schema: v.object({
    tabId: TabIdSchema,
    wallet: v.object({ rdns: v.optional(v.pipe(v.string(), v.maxLength(200))), name: ShortText }),
    account: v.pipe(AddressSchema, Hex<`0x${string}`>()),
    recipient: ChainAddressSchema,
    choice: TransferChoiceSchema,
    route: RouteSchema,
    allowUnlimited: v.boolean(),
  }) satisfies v.GenericSchema<unknown, ExecutionStart>,
  run: (input: ExecutionStart, { executions }): Promise<ExecutionRecord> => {
    // Crossing popup → background: the popup only shows, the background decides, before anything is stored.
    const matches = verifyRoute(input.route, {
      ...input.choice,
      fromAddress: input.account,
      toAddress: input.recipient,
    });
    if (!matches.ok) throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [matches.reason]));
    return executions.start(input);
  },
});
