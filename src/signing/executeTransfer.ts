import { i18n } from '#i18n';
import { destinationBridgeToken } from '../checks/choice';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { needsRateConfirmation } from '../checks/rate';
import {
  type PendingTransaction,
  type SimulationReport,
  type Simulator,
  simulateBeforeSigning,
} from '../checks/simulation/simulateBeforeSigning';
import { decodeUint256, encodeAllowance } from '../contracts/erc20';
import type { TransferChoice } from '../model/choice';
import { storedFeeShares } from '../model/feeShares';
import type { ExecutionStage, ExpectedTransfer, SentTransfer, TransferInput } from '../model/transfer';
import type { Chain } from '../schemas/catalog';
import type { Route, Step } from '../schemas/route';
import { walletBatchesAtomically } from '../wallet/batchCapabilities';
import { WalletStateError } from '../wallet/errors';
import type { WalletSession } from '../wallet/session';
import { sendApprovalsWithStep } from './batchCalls';
import { preparedStep } from './preparedStep';
import { type PendingApproval, prepareTransfer, routeAsChosen } from './prepareTransfer';

export type { ExecutionStage };

export type ExecuteDeps = {
  getStepTransaction(data: {
    step: Step;
    senderAddress: string;
    recipientAddress: string;
  }): Promise<ProvenStepTransaction>;
  trackTransfer(data: TransferInput): Promise<SentTransfer>;
  /**
   * Registers the transfer with the background right before the wallet is asked to send it, so the hash is
   * recorded even if the popup closes before the wallet answers. Optional for callers without a relay (tests of
   * the signing flow against a recording wallet).
   */
  expectTransfer?(data: { watchId: string; tabId: number; transfer: ExpectedTransfer }): Promise<void>;
  /**
   * Simulates what the wallet is about to be asked for through the chain's trusted RPC (src/checks/simulation/). Required:
   * nothing reaches the wallet unsimulated unless the trusted RPC cannot simulate and the call is a plain bridge call.
   */
  simulator: Simulator;
};

export type ExecuteInput = {
  session: WalletSession;
  /**
   * What the person chose on the form when these routes were asked for: the reference. Amounts, tokens, chains and
   * the slippage come from here, never from the route.
   */
  choice: TransferChoice;
  route: Route;
  fromChain: Chain;
  account: `0x${string}`;
  /** A 0x address, or a base58 key on Solana. */
  recipient: string;
  /** Only when the person ticked "unlimited approval". */
  allowUnlimited?: boolean;
  onStage(stage: ExecutionStage): void;
  /** Asked when the fresh minimum fell below the one shown; resolves true to accept the new rate. */
  confirmNewRate(previousMin: bigint, newMin: bigint): Promise<boolean>;
  /** Something the person should know of how the flow goes on (a wallet that could not batch asks twice). */
  onNotice?(text: string): void;
  /** Called with the hash as soon as the wallet returns it, before tracking (so it is never lost). */
  onSubmitted(hash: `0x${string}`, input: TransferInput): void;
  /**
   * Each simulation's outcome, before the wallet is asked: the account's simulated balance changes, or why the
   * transaction goes ahead not simulated (the review and Activity can say so).
   */
  onSimulated?(report: SimulationReport): void;
};

/** The tracked transfer, and whether its transaction was simulated before the wallet was asked to sign it. */
export type ExecuteResult = SentTransfer & { simulation: SimulationReport };

export class RateDeclinedError extends WalletStateError {
  override name = 'RateDeclinedError';
}

export class ApprovalRevertedError extends WalletStateError {
  override name = 'ApprovalRevertedError';
}

/**
 * Executes a chosen route through the page's wallet: network, fresh step transaction, guards, a simulation of
 * everything the wallet will be asked for (approvals and the step together, src/checks/simulation/), the approval (exact
 * amount), a last simulation of the step alone, signature, then hands the hash to the background. A wallet that
 * sends atomic batches (EIP-5792, batchCalls.ts) is asked once for the approval and the step together instead. Each failure
 * throws an error whose shortMessage the popup shows; the flow can then be restarted from the top, which re-reads the
 * allowance so nothing is done twice.
 */
export async function executeTransfer(input: ExecuteInput, deps: ExecuteDeps): Promise<ExecuteResult> {
  const { session, route, fromChain, account, recipient } = input;
  // The person's choice with the account and receiver the transfer is signed for.
  const choice: TransferChoice = { ...input.choice, fromAddress: account, toAddress: recipient };
  if (input.choice.fromAddress && input.choice.fromAddress.toLowerCase() !== account.toLowerCase()) {
    throw new WalletStateError(i18n.t('wallet.accountSinceRoutes'));
  }
  // Storage → wallet: each run (a Continue, a new worker) signs from the stored record, checked where it is signed.
  routeAsChosen(route, choice);
  const action = route.action!;
  const { fromChainId, toChainId, fromAmount } = choice;

  if ((await session.chainId()) !== fromChainId) {
    input.onStage('switching');
    await session.switchChain(fromChain);
  }
  await session.expect(fromChainId, account);

  const { target, approvals, step, shownMin, freshMin } = await prepareTransfer({
    ...input,
    choice,
    // Through the wallet's own node: the state its transactions will meet.
    readAllowance: async (token, spender) =>
      decodeUint256(await session.call(token, encodeAllowance(account, spender))),
    getStepTransaction: deps.getStepTransaction,
    onStage: input.onStage,
  });
  let accepted = false;
  if (needsRateConfirmation(shownMin, freshMin)) {
    accepted = await input.confirmNewRate(shownMin, freshMin);
    if (!accepted) throw new RateDeclinedError(i18n.t('wallet.rateKept'));
  }
  const { approvedTx, gas, stepTx, simulation } = preparedStep(input, choice, step, {
    shownMin,
    freshMin,
    accepted,
    target,
  });
  const simulate = async (transactions: PendingTransaction[]) => {
    const report = await simulateBeforeSigning(deps.simulator, { ...simulation, transactions });
    input.onSimulated?.(report);
    return report;
  };

  let report = await simulate([...approvals.map((a) => a.tx), stepTx]);
  // One confirmation where the wallet sends atomic batches (EIP-5792): exactly what was just guarded and simulated
  // together. Other wallets, and one that refuses the batch as unsupported, ask for each in turn below.
  const batches = approvals.length > 0 && (await walletBatchesAtomically(session, account, fromChainId));
  let hash = batches
    ? await sendApprovalsWithStep(
        session,
        { chainId: fromChainId, account, transactions: [...approvals.map((a) => a.tx), stepTx] },
        input.onStage,
      )
    : undefined;
  if (batches && !hash) input.onNotice?.(i18n.t('wallet.batchUnsupported'));
  if (!hash && approvals.length > 0) {
    for (const approval of approvals) await approve(input, approval);
    // The approvals are on chain now: the step alone, on the state it will meet, right before its signature.
    input.onStage('preparing');
    report = await simulate([stepTx]);
  }

  const expected: ExpectedTransfer = {
    routeId: route.id,
    tool: route.tool,
    toolName: route.toolDetails?.name ?? route.tool,
    fromChainId,
    toChainId,
    fromToken: action.fromToken,
    toToken: action.toToken,
    bridgeToken: destinationBridgeToken(step.includedSteps ?? route.includedSteps, action.toToken),
    fromAmount: fromAmount.toString(),
    toAmount: step.estimate.toAmount,
    toAmountMin: step.estimate.toAmountMin,
    fromAddress: account,
    toAddress: recipient,
    executionDuration: step.estimate.executionDuration ?? route.estimate.executionDuration ?? 0,
    fromAmountUSD: route.estimate.fromAmountUSD,
    toAmountUSD: route.estimate.toAmountUSD,
    fees: storedFeeShares(step.estimate.feeCosts),
    ...coinPrice(step.estimate.gasCosts, fromChainId),
    // A hash known already came from the batch: a smart account carries the approvals in the same transaction, and
    // the read-back must know them.
    approvedTx: hash
      ? {
          ...approvedTx,
          batchedWith: approvals.map(({ tx }) => ({ to: tx.to, data: tx.data, value: tx.value.toString() })),
        }
      : approvedTx,
    // The record says so where the wallet was asked without a simulation (src/checks/simulation/simulateBeforeSigning.ts).
    ...(report.simulated ? {} : { notSimulated: report.reason }),
  };

  if (!hash) {
    input.onStage('signing');
    await session.expect(fromChainId, account);
    // Registered before the wallet sees the request: if the popup closes while the person decides, the relay reports
    // the hash under this ID and the background records the transfer anyway. A failure here stops before sending.
    const watchId = randomWatchId();
    await deps.expectTransfer?.({ watchId, tabId: session.tab.tabId, transfer: expected });
    hash = await session.sendTransaction(
      {
        chainId: approvedTx.chainId,
        from: approvedTx.from,
        to: approvedTx.to,
        data: approvedTx.data,
        value: BigInt(approvedTx.value),
        gas,
      },
      i18n.t('wallet.what.transfer'),
      watchId,
    );
  }
  const transfer: TransferInput = { txHash: hash, ...expected };
  input.onSubmitted(hash, transfer);
  input.onStage('submitted');
  return { ...(await deps.trackTransfer(transfer)), simulation: report };
}

/** 128 random bits: the relay's report is accepted only with this ID, which the page never sees. */
function randomWatchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function approve(input: ExecuteInput, approval: PendingApproval): Promise<void> {
  const reset = approval.tx.kind === 'resetApproval';
  input.onStage(reset ? 'resetting-approval' : 'approving');
  const chainId = input.choice.fromChainId;
  await input.session.expect(chainId, input.account);
  const hash = await input.session.sendTransaction(
    { chainId, from: input.account, to: approval.tx.to, data: approval.tx.data, value: 0n },
    reset ? i18n.t('wallet.what.resetApproval') : i18n.t('wallet.what.approval'),
  );
  input.onStage('approval-pending');
  const ok = await input.session.waitForReceipt(hash);
  if (!ok) {
    throw new ApprovalRevertedError(i18n.t('wallet.approvalReverted'));
  }
}

/** The source chain's coin price the service gave with the step's gas, for the history to value the gas paid. */
function coinPrice(gasCosts: Step['estimate']['gasCosts'], chainId: number): { coinPriceUSD?: string } {
  const price = gasCosts?.find((gas) => Number(gas.token.chainId) === chainId)?.token.priceUSD;
  return price ? { coinPriceUSD: price } : {};
}
