import * as v from 'valibot';
import { i18n } from '#i18n';
import { sameAddress } from '../../checks/choice';
import { createSimulator } from '../../checks/simulation/simulateBeforeSigning';
import { AddressSchema, ChainIdNumberSchema } from '../../schemas/primitives';
import { revokeApproval as revoke } from '../../signing/revokeApproval';
import { WalletUnavailableError } from '../../wallet/errors';
import { WalletSession } from '../../wallet/session';
import { openTabWallet } from '../../wallet/tabWallet';
import { pickWallet } from '../execution/executions';
import { backgroundMessage } from './define';
import { Hex, ShortText, TabIdSchema } from './fields';

const Address = v.pipe(AddressSchema, Hex<`0x${string}`>());

/**
 * revokeApproval: Activity's one click on an approval a failed or abandoned transfer left open. The background sets
 * it to 0 through tab `tabId`'s wallet (src/signing/revokeApproval.ts: the approval guard, a simulation through the
 * trusted RPC, then the wallet) and answers the hash once mined. Extension pages only.
 */
export const revokeApproval = backgroundMessage({
  access: 'page',
  schema: v.object({
    tabId: TabIdSchema,
    wallet: v.object({ rdns: v.optional(v.pipe(v.string(), v.maxLength(200))), name: ShortText }),
    account: Address,
    chainId: ChainIdNumberSchema,
    token: Address,
    spender: Address,
  }),
  run: async (input, { catalog, chainReads }): Promise<{ hash: `0x${string}` }> => {
    const chain = (await catalog.chains.get()).find((c) => c.id === input.chainId);
    if (!chain) throw new WalletUnavailableError(i18n.t('execution.unknownChain', [String(input.chainId)]));
    const tab = await openTabWallet(input.tabId);
    try {
      const wallet = pickWallet(tab.wallets, input.wallet);
      if (!wallet) throw new WalletUnavailableError(i18n.t('execution.walletGone', [input.wallet.name]));
      const session = new WalletSession(tab, wallet.id);
      const account = await session.account();
      if (!account) throw new WalletUnavailableError(i18n.t('execution.notConnected', [wallet.name]));
      if (!sameAddress(account, input.account)) throw new WalletUnavailableError(i18n.t('wallet.accountChanged'));
      const hash = await revoke(
        { session, chain, account: input.account, token: input.token, spender: input.spender },
        { simulator: createSimulator({ rpcUrl: chainReads.rpcUrl }) },
      );
      return { hash };
    } finally {
      tab.close();
    }
  },
});
