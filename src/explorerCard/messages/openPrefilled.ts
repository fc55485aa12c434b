import * as v from 'valibot';
import { i18n } from '#i18n';
import type { Prefill } from '../../model/prefill';
import { ChainAddressSchema } from '../../schemas/chainAddress';
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
    // A Solana destination's token is an SPL mint (base58); which form fits is checked against the chain below.
    toTokenAddress: v.optional(ChainAddressSchema),
    amount: v.optional(HumanAmountSchema),
  }) satisfies v.GenericSchema<unknown, Prefill>,
  run: async (prefill: Prefill, deps, sender): Promise<void> => {
    const chains = await deps.getChains();
    if (!chains.some((c) => c.id === prefill.fromChainId))
      throw new ExplorerRequestError(i18n.t('card.chainNotSupported'));
    const toChain = prefill.toChainId === undefined ? undefined : chains.find((c) => c.id === prefill.toChainId);
    if (prefill.toChainId !== undefined && !toChain) throw new ExplorerRequestError(i18n.t('card.chainNotSupported'));
    if (toChain && prefill.toTokenAddress !== undefined) {
      const evmAddress = /^0x/i.test(prefill.toTokenAddress);
      if (evmAddress === (toChain.chainType === 'SOLANA'))
        throw new ExplorerRequestError(i18n.t('card.tokenNotSupported'), {
          details: `${prefill.toTokenAddress} is not a token address on ${toChain.name}.`,
        });
    }
    await deps.setPrefill(prefill);
    // The card's tab: a popup that opens as a tab (Firefox) asks that page's wallet, not its own tab's.
    await deps.openPopup(sender.tabId);
  },
});
