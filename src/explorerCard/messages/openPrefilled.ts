import * as v from 'valibot';
import { i18n } from '#i18n';
import type { Prefill } from '../../model/prefill';
import { AddressSchema } from '../../schemas/primitives';
import { cardMessage } from './define';
import { ExplorerRequestError } from './errors';
import { CardChainIdSchema, HumanAmountSchema } from './fields';

/**
 * openPrefilled: a click on one of the card's quotes. The transfer is left for the popup (takePrefill) and the popup
 * opened, for chains the catalog knows.
 */
export const openPrefilled = cardMessage({
  access: 'content',
  schema: v.object({
    fromChainId: CardChainIdSchema,
    fromTokenAddress: AddressSchema,
    toChainId: v.optional(CardChainIdSchema),
    toTokenAddress: v.optional(AddressSchema),
    amount: v.optional(HumanAmountSchema),
  }) satisfies v.GenericSchema<unknown, Prefill>,
  run: async (prefill: Prefill, deps): Promise<void> => {
    const chains = await deps.getChains();
    if (!chains.some((c) => c.id === prefill.fromChainId))
      throw new ExplorerRequestError(i18n.t('card.chainNotSupported'));
    if (prefill.toChainId !== undefined && !chains.some((c) => c.id === prefill.toChainId))
      throw new ExplorerRequestError(i18n.t('card.chainNotSupported'));
    await deps.setPrefill(prefill);
    await deps.openPopup();
  },
});
