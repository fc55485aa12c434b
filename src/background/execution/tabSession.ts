import { i18n } from '#i18n';
import { sameAddress } from '../../checks/choice';
import type { ExecutionRecord, ExecutionStart } from '../../model/transfer';
import { WalletUnavailableError } from '../../wallet/errors';
import type { WalletInfo } from '../../wallet/pageChannelSchemas';
import { WalletSession } from '../../wallet/session';
import type { ExecutionDeps } from './executionDeps';
import type { Live } from './executionState';

/** The wallet the person connected in the popup, among the tab's: by EIP-6963 rdns, else by name. */
export function pickWallet(wallets: readonly WalletInfo[], wanted: ExecutionStart['wallet']): WalletInfo | undefined {
  if (wanted.rdns) return wallets.find((w) => w.rdns === wanted.rdns);
  return wallets.find((w) => w.name === wanted.name);
}

/**
 * Opens the execution's tab wallet (kept on `live`, closed when the run ends) and the person's wallet in it, still
 * sharing the same account; a wallet, or account, gone is a WalletUnavailableError (the person continues when back).
 */
export async function openTabSession(
  deps: ExecutionDeps,
  execution: ExecutionRecord['execution'],
  live: Live,
): Promise<WalletSession> {
  const tab = await deps.openTabWallet(execution.tabId);
  live.tab = tab;
  const wallet = pickWallet(tab.wallets, execution.wallet);
  if (!wallet) throw new WalletUnavailableError(i18n.t('execution.walletGone', [execution.wallet.name]));
  const session = new WalletSession(tab, wallet.id);
  // eth_accounts: the wallet is not asked to connect again, it only says whether the account is still shared.
  const account = await session.account();
  if (!account) throw new WalletUnavailableError(i18n.t('execution.notConnected', [wallet.name]));
  if (!sameAddress(account, execution.account)) throw new WalletUnavailableError(i18n.t('wallet.accountChanged'));
  return session;
}
