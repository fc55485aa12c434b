import { i18n } from '#i18n';
import type { Execution } from '../model/transfer';
import type { Chain } from '../schemas/catalog';
import { formatAmount } from './amount';

/**
 * "Gas for step 2, read on chain: your account holds 0.0011 ETH on Arbitrum." The gas on arrival as the destination
 * chain showed it when the next step became ready (src/background/execution/gasArrival.ts), never the service's
 * figure; undefined while nothing was read there. One wording for the banner, Activity and the notification.
 */
export function gasReadText(execution: Execution, chains: readonly Pick<Chain, 'id' | 'name' | 'nativeToken'>[]) {
  const gas = execution.gasRead;
  const chain = gas && chains.find((c) => c.id === gas.chainId);
  if (!chain) return undefined;
  const coin = `${formatAmount(gas.balance, chain.nativeToken.decimals)} ${chain.nativeToken.symbol}`;
  return i18n.t('gasOnArrival.read', [String((execution.step ?? 0) + 1), coin, chain.name]);
}
