import { i18n } from '#i18n';
import { trustedClientFor } from '../chains/trustedClient';
import { proveArbitrumGatewayToken } from '../checks/promises/arbitrumGatewayToken';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { BaseError } from '../errors/base';
import type { TransferChoice } from '../model/choice';
import { settingsItem } from '../storage/settings';

/**
 * The token an ERC-20 becomes on Arbitrum through Arbitrum's own bridge, which no calldata names: read from the
 * parent chain's GatewayRouter through the source chain's trusted RPC (src/checks/promises/arbitrumGatewayToken.ts).
 * Another token than the one chosen is refused before the review or the wallet; a proven token is no longer the
 * bridge's promise. Without a trusted RPC for the chain nothing is read, and the review names it as a promise.
 */
export async function withProvenGatewayToken(
  step: ProvenStepTransaction,
  choice: TransferChoice,
): Promise<ProvenStepTransaction> {
  const client = trustedClientFor(choice.fromChainId, (await settingsItem.getValue()).rpcUrls);
  if (!client) return step;
  const tx = { ...step.transactionRequest, chainId: choice.fromChainId, from: choice.fromAddress ?? '' };
  const proof = await proveArbitrumGatewayToken({ tx, choice, client });
  if (!proof) return step;
  if (!proof.ok) throw new BaseError(i18n.t('wallet.blocked', [proof.reason]));
  return { ...step, proven: [...(step.proven ?? []), ...proof.proven] };
}
