import { i18n } from '#i18n';
import { trustedClientFor } from '../chains/trustedClient';
import { proveDebridgeFee } from '../checks/promises/debridgeFee';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { DLN_SOURCE_ADDRESS } from '../contracts/dlnSource';
import { BaseError } from '../errors/base';
import type { TransferChoice } from '../model/choice';
import { settingsItem } from '../storage/settings';

/**
 * deBridge's fixed fee, which LI.FI's DeBridgeDlnFacet sends beside a DLN order of a token and which no calldata
 * names: read from DlnSource through the source chain's trusted RPC (src/checks/promises/debridgeFee.ts). A value
 * other than the contract's fee, or a fee that cannot be read, is refused before the review or the wallet; a proven
 * fee is no longer the bridge's promise, and the simulation lets exactly it leave the account. Without a trusted RPC
 * for the chain nothing is read: the figure stays the bridge's promise, and the simulation cannot run either.
 */
export async function withProvenFee(
  step: ProvenStepTransaction,
  choice: TransferChoice,
): Promise<ProvenStepTransaction> {
  const client = trustedClientFor(choice.fromChainId, (await settingsItem.getValue()).rpcUrls);
  if (!client) return step;
  const tx = { ...step.transactionRequest, chainId: choice.fromChainId, from: choice.fromAddress ?? '' };
  const proof = await proveDebridgeFee({ tx, choice, client });
  if (!proof) return step;
  if (!proof.ok) throw new BaseError(i18n.t('wallet.blocked', [proof.reason]));
  const nativeFee = { amount: proof.nativeFee, payee: DLN_SOURCE_ADDRESS };
  return { ...step, proven: [...(step.proven ?? []), ...proof.proven], nativeFee };
}
