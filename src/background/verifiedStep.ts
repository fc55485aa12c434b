import { i18n } from '#i18n';
import { GAS_ON_ARRIVAL_TOOL, verifyStep } from '../checks/choice';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { BaseError } from '../errors/base';
import type { TransferChoice } from '../model/choice';
import type { Step } from '../schemas/route';
import type { BackgroundDeps } from './deps';
import { withContractProofs } from './provenByContracts';
import { provenStep } from './provenRoutes';

/**
 * A fresh step transaction, never cached (it carries current gas data and is fetched right before signing). The
 * answer must describe the step it was asked for (chains, tokens, exact amount, sender, receiver); the signing flow
 * then checks the transaction itself against the person's choice before the wallet sees it.
 */
export async function fetchVerifiedStep(
  api: BackgroundDeps['api'],
  data: { step: Step; senderAddress: string; recipientAddress: string },
): Promise<ProvenStepTransaction> {
  const response = await api.getStepTransaction(data);
  const { action } = data.step;
  // Gas on arrival as the step asked for carries it (the route's own step, checked against the person's choice when
  // the route was shown): the answer must keep exactly that part, and the signing flow checks it against the choice.
  const gas = data.step.includedSteps?.find((s) => s.tool === GAS_ON_ARRIVAL_TOOL)?.action.fromAmount;
  const asked: TransferChoice = {
    fromChainId: Number(action.fromChainId),
    toChainId: Number(action.toChainId),
    fromToken: action.fromToken.address as `0x${string}`,
    toToken: action.toToken.address as `0x${string}`,
    fromAmount: BigInt(action.fromAmount),
    fromAddress: data.senderAddress as `0x${string}`,
    toAddress: data.recipientAddress as `0x${string}`,
    slippage: action.slippage ?? 0,
    ...(gas !== undefined ? { fromAmountForGas: BigInt(gas) } : {}),
  };
  // Crossing service → background: the step transaction must describe the step that was asked for.
  const check = verifyStep(response, asked);
  if (!check.ok) {
    console.warn(`[stepTransaction] refused the service's answer: ${check.reason}`);
    throw new BaseError(i18n.t('wallet.blocked', [check.reason]));
  }
  // Figures the bridge alone sets are proven with its owner (provenRoutes.ts), or refused unless opted in; a
  // bridge's fee beside the amount, or the token Arbitrum's gateway delivers, by its own contract (provenByContracts.ts).
  return withContractProofs(await provenStep(api, data.step, response, asked), asked);
}
