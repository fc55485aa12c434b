import * as v from 'valibot';
import { i18n } from '#i18n';
import { verifyRoute } from '../../checks/choice';
import { TransactionGuardError } from '../../checks/errors';
import type { ExecutionRecord, ExecutionStart, StoredChoice } from '../../model/transfer';
import { ChainAddressSchema } from '../../schemas/chainAddress';
import { AddressSchema, AmountSchema, ChainIdNumberSchema, gasIsPartOf } from '../../schemas/primitives';
import { RouteSchema } from '../../schemas/route';
import { toChoice } from '../execution/executions';
import { backgroundMessage } from './define';
import { Hex, ShortText, TabIdSchema } from './fields';

export const StoredChoiceSchema = v.pipe(
  v.object({
    fromChainId: ChainIdNumberSchema,
    toChainId: ChainIdNumberSchema,
    fromToken: v.pipe(AddressSchema, Hex<`0x${string}`>()),
    toToken: ChainAddressSchema,
    fromAmount: AmountSchema,
    fromAddress: v.optional(v.pipe(AddressSchema, Hex<`0x${string}`>())),
    toAddress: v.optional(ChainAddressSchema),
    slippage: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(0.5)),
    fromAmountForGas: v.optional(AmountSchema),
  }),
  // Gas on arrival is a part of the amount sent: all of it (or more) would leave nothing to bridge.
  v.check(
    (choice) => gasIsPartOf(choice.fromAmountForGas, choice.fromAmount),
    'fromAmountForGas must be less than fromAmount',
  ),
) satisfies v.GenericSchema<unknown, StoredChoice>;

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
    choice: StoredChoiceSchema,
    route: RouteSchema,
    allowUnlimited: v.boolean(),
  }) satisfies v.GenericSchema<unknown, ExecutionStart>,
  run: (input: ExecutionStart, { executions }): Promise<ExecutionRecord> => {
    // Checked again by the signing flow; refused here first so nothing is stored for a route that differs.
    const matches = verifyRoute(input.route, {
      ...toChoice(input.choice),
      fromAddress: input.account,
      toAddress: input.recipient,
    });
    if (!matches.ok) throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [matches.reason]));
    return executions.start(input);
  },
});
