import { i18n } from '#i18n';
import { trustedClientFor } from '../chains/trustedClient';
import { proveArbitrumGatewayToken } from '../checks/promises/arbitrumGatewayToken';
import { proveDebridgeFee } from '../checks/promises/debridgeFee';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { DLN_SOURCE_ADDRESS } from '../contracts/dlnSource';
import { BaseError } from '../errors/base';
import type { TransferChoice } from '../model/choice';
import { settingsItem } from '../storage/settings';

/**
 * Figures no calldata names, proven by the bridge's own contract through the source chain's trusted RPC:
 * - deBridge's fixed fee, which LI.FI's DeBridgeDlnFacet sends beside a DLN order of a token (DlnSource, read in
 *   src/checks/promises/debridgeFee.ts): a value other than the contract's fee, or a fee that cannot be read, is
 *   refused; a proven fee may leave the account beside the token, exactly, in the simulation;
 * - the token an ERC-20 becomes on Arbitrum through Arbitrum's own bridge (the parent chain's GatewayRouter,
 *   src/checks/promises/arbitrumGatewayToken.ts): another token than the one chosen is refused.
 * Each refusal comes before the review or the wallet; a proven figure is no longer the bridge's promise. Without a
 * trusted RPC for the chain nothing is read: the figures stay the bridge's promise (the review names them).
 */
export async function withContractProofs(
  step: ProvenStepTransaction,
  choice: TransferChoice,
): Promise<ProvenStepTransaction> {
  const client = trustedClientFor(choice.fromChainId, (await settingsItem.getValue()).rpcUrls);
  if (!client) return step;
  const tx = { ...step.transactionRequest, chainId: choice.fromChainId, from: choice.fromAddress ?? '' };
  const [fee, token] = await Promise.all([
    proveDebridgeFee({ tx, choice, client }),
    proveArbitrumGatewayToken({ tx, choice, client }),
  ]);
  for (const proof of [fee, token]) {
    if (proof && !proof.ok) throw new BaseError(i18n.t('wallet.blocked', [proof.reason]));
  }
  const proven = [...(fee?.ok ? fee.proven : []), ...(token?.ok ? token.proven : [])];
  if (proven.length === 0) return step;
  return {
    ...step,
    proven: [...(step.proven ?? []), ...proven],
    ...(fee?.ok ? { nativeFee: { amount: fee.nativeFee, payee: DLN_SOURCE_ADDRESS } } : {}),
  };
}
