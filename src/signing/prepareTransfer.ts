import { i18n } from '#i18n';
import { approvalSpender } from '../checks/approvalSpender';
import { routeMinimum, verifyRoute, verifyStep } from '../checks/choice';
import { TransactionGuardError } from '../checks/errors';
import { type CandidateTransaction, checkApproval, type checkStepTransaction } from '../checks/guards';
import type { ProvenStepTransaction } from '../checks/promises/types';
import type { PendingTransaction } from '../checks/simulation/simulateBeforeSigning';
import { encodeApprove, needsAllowanceReset } from '../contracts/erc20';
import type { TransferChoice } from '../model/choice';
import type { ExecutionStage } from '../model/transfer';
import { isNativeToken } from '../schemas/primitives';
import type { Route, Step } from '../schemas/route';
import { routeToStep } from './routeStep';

/**
 * What the review's preview (./previewTransfer.ts) and the signing flow (./executeTransfer.ts) both do before anything
 * is simulated: the approvals the transfer needs, guarded, and the step transaction fetched fresh and compared with the
 * person's choice. One function, so the review judges exactly what the wallet will later be asked for.
 */

export const MAX_UINT256 = 2n ** 256n - 1n;

export const guard = (result: ReturnType<typeof checkStepTransaction>) => {
  if (!result.ok) throw new TransactionGuardError(result.code, result.reason);
};

/**
 * The route against the person's choice, before anything is fetched or switched for it. Each caller says beside its
 * call which crossing of the trust boundary it guards.
 */
export function routeAsChosen(route: Route, choice: TransferChoice): void {
  const matches = verifyRoute(route, choice);
  if (!matches.ok) throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [matches.reason]));
}

export type PrepareTransferParameters = {
  /** The person's choice with the account and receiver the transfer is signed for. */
  choice: TransferChoice;
  route: Route;
  account: `0x${string}`;
  recipient: string;
  allowUnlimited?: boolean;
  /** The account's allowance to the spender now; undefined when it cannot be read (the approval is then planned). */
  readAllowance(token: `0x${string}`, spender: `0x${string}`): Promise<bigint | undefined>;
  getStepTransaction(data: {
    step: Step;
    senderAddress: string;
    recipientAddress: string;
  }): Promise<ProvenStepTransaction>;
  onStage?(stage: ExecutionStage): void;
};

export type PrepareTransferReturnType = {
  /** Who the approvals are for: the router the route names, pinned for the chain (../checks/approvalSpender.ts). */
  target: `0x${string}`;
  approvals: PendingApproval[];
  step: ProvenStepTransaction;
  /** The least received as the route showed it, and as the fresh step now quotes it. */
  shownMin: bigint;
  freshMin: bigint;
};

export async function prepareTransfer(parameters: PrepareTransferParameters): Promise<PrepareTransferReturnType> {
  const { choice, route, account, recipient } = parameters;
  const target = approvalSpender(route);
  const approvals = await plannedApprovals(parameters, target);
  // An approval to a spender that is no router pinned for the chain is refused before anything else is asked.
  for (const approval of approvals) guard(approval.check);

  if (approvals.length === 0) parameters.onStage?.('preparing');
  const step = await parameters.getStepTransaction({
    step: routeToStep(route, account, recipient),
    senderAddress: account,
    recipientAddress: recipient,
  });
  // Against the person's choice itself, where verifiedStep.ts compared it with the step asked for.
  const stepMatches = verifyStep(step, choice);
  if (!stepMatches.ok) throw new TransactionGuardError('ROUTE_MISMATCH', stepMatches.reason);
  return {
    target,
    approvals,
    step,
    shownMin: routeMinimum(route, choice),
    freshMin: BigInt(step.estimate.toAmountMin),
  };
}

/**
 * The approvals a token transfer needs: none where the allowance covers the amount; a reset to zero first where the
 * token insists (USDT on Ethereum); then the exact amount, or max uint256 only when the person ticked "unlimited".
 * They are asked for only after the step they serve was fetched, guarded and simulated with them, so an approval is
 * never left open for a transaction that would then be refused or revert.
 */
async function plannedApprovals(
  parameters: PrepareTransferParameters,
  target: `0x${string}`,
): Promise<PendingApproval[]> {
  const { fromChainId, fromToken, fromAmount } = parameters.choice;
  if (isNativeToken(fromToken)) return [];
  parameters.onStage?.('checking-allowance');
  // Unread, the approval is planned anyway: approving what is already allowed changes no balance.
  const allowance = await parameters.readAllowance(fromToken, target);
  if (allowance !== undefined && allowance >= fromAmount) return [];
  const approvals: PendingApproval[] = [];
  if (allowance !== undefined && allowance > 0n && needsAllowanceReset(fromChainId, fromToken)) {
    approvals.push(approvalFor(parameters, fromChainId, fromToken, target, 0n));
  }
  const amount = parameters.allowUnlimited ? MAX_UINT256 : fromAmount;
  approvals.push(approvalFor(parameters, fromChainId, fromToken, target, amount));
  return approvals;
}

export type PendingApproval = {
  tx: PendingTransaction;
  amount: bigint;
  /** The approval guard's verdict on the transaction built (checked with the step's, before any simulation). */
  check: ReturnType<typeof checkApproval>;
};

export function approvalFor(
  input: { account: `0x${string}`; allowUnlimited?: boolean },
  chainId: number,
  token: `0x${string}`,
  spender: `0x${string}`,
  amount: bigint,
): PendingApproval {
  const tx: CandidateTransaction = {
    chainId,
    from: input.account,
    to: token,
    data: encodeApprove(spender, amount),
    value: '0',
  };
  const check = checkApproval(tx, {
    chainId,
    account: input.account,
    token,
    spender,
    amount,
    allowUnlimited: amount === MAX_UINT256 && input.allowUnlimited === true,
  });
  return {
    tx: { kind: amount === 0n ? 'resetApproval' : 'approval', to: token, data: tx.data as `0x${string}`, value: 0n },
    amount,
    check,
  };
}
