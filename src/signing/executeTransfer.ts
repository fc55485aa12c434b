import { i18n } from '#i18n';
import { approvalSpender } from '../checks/approvalSpender';
import { bridgePlan, destinationBridgeToken, routeMinimum, verifyRoute, verifyStep } from '../checks/choice';
import { TransactionGuardError } from '../checks/errors';
import { type CandidateTransaction, type ChosenTransfer, checkApproval, checkStepTransaction } from '../checks/guards';
import type { ProvenStepTransaction } from '../checks/promises/types';
import { minimumFloor, needsRateConfirmation } from '../checks/rate';
import { ROUTER_FAMILIES, routerFamilyAt } from '../checks/routers/registry';
import type { DecodedRouterCall } from '../checks/routers/types';
import type { LifiFacetCall } from '../checks/simulation/checkEffects';
import { lifiFacetCall } from '../checks/simulation/lifiFacetCall';
import {
  type PendingTransaction,
  type SimulateBeforeSigningInput,
  type SimulationReport,
  type Simulator,
  simulateBeforeSigning,
} from '../checks/simulation/simulateBeforeSigning';
import { decodeUint256, encodeAllowance, encodeApprove, needsAllowanceReset } from '../contracts/erc20';
import type { TransferChoice } from '../model/choice';
import { storedFeeShares } from '../model/feeShares';
import type { ExecutionStage, ExpectedTransfer, SentTransfer, TransferInput } from '../model/transfer';
import type { Chain } from '../schemas/catalog';
import { isNativeToken, parseQuantity } from '../schemas/primitives';
import type { Route, Step } from '../schemas/route';
import { walletBatchesAtomically } from '../wallet/batchCapabilities';
import { WalletStateError } from '../wallet/errors';
import type { WalletSession } from '../wallet/session';
import { sendApprovalsWithStep } from './batchCalls';
import { routeToStep } from './routeStep';

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

export const MAX_UINT256 = 2n ** 256n - 1n;

export const guard = (result: ReturnType<typeof checkStepTransaction>) => {
  if (!result.ok) throw new TransactionGuardError(result.code, result.reason);
};

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
  const matches = verifyRoute(route, choice);
  if (!matches.ok) throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [matches.reason]));
  const action = route.action!;
  const { fromChainId, toChainId, fromToken, fromAmount } = choice;
  const shownMin = routeMinimum(route, choice);
  const target = approvalSpender(route);

  if ((await session.chainId()) !== fromChainId) {
    input.onStage('switching');
    await session.switchChain(fromChain);
  }
  await session.expect(fromChainId, account);

  // The approvals this transfer needs, asked for only after the step they serve was fetched, guarded and simulated
  // with them: an approval is never left open for a transaction that would then be refused or revert.
  const approvals: PendingApproval[] = [];
  if (!isNativeToken(fromToken)) {
    input.onStage('checking-allowance');
    const allowance = decodeUint256(await session.call(fromToken, encodeAllowance(account, target)));
    if (allowance < fromAmount) {
      if (allowance > 0n && needsAllowanceReset(fromChainId, fromToken)) {
        approvals.push(approvalFor(input, fromChainId, fromToken, target, 0n));
      }
      // Exact amount unless the person explicitly ticked "unlimited" (then the guard allows max uint256 only).
      approvals.push(
        approvalFor(input, fromChainId, fromToken, target, input.allowUnlimited ? MAX_UINT256 : fromAmount),
      );
    }
  }
  // An approval to a spender that is no router pinned for the chain is refused before anything else is asked.
  for (const approval of approvals) guard(approval.check);

  if (approvals.length === 0) input.onStage('preparing');
  const step = await deps.getStepTransaction({
    step: routeToStep(route, account, recipient),
    senderAddress: account,
    recipientAddress: recipient,
  });
  // Against the person's choice itself, where verifiedStep.ts compared it with the step asked for.
  const stepMatches = verifyStep(step, choice);
  if (!stepMatches.ok) throw new TransactionGuardError('ROUTE_MISMATCH', stepMatches.reason);
  const freshMin = BigInt(step.estimate.toAmountMin);
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

/** What executeTransfer needs of its input to build the step (the review's preview passes the same). */
export type StepInput = Pick<ExecuteInput, 'route' | 'account' | 'recipient' | 'allowUnlimited'>;

/**
 * The fetched step, guarded against the choice, as the transaction the wallet will be asked for, with what its
 * simulation is checked against. Shared by the signing flow and the review's preview, so both judge the same thing.
 */
export function preparedStep(
  input: StepInput,
  choice: TransferChoice,
  step: ProvenStepTransaction,
  floor: { shownMin: bigint; freshMin: bigint; accepted: boolean; target: `0x${string}` },
) {
  const { route, account, recipient } = input;
  const { fromChainId, toChainId, fromToken, fromAmount } = choice;
  const { shownMin, freshMin, accepted, target } = floor;
  const chosen: ChosenTransfer = {
    fromChainId,
    toChainId,
    fromToken,
    toToken: choice.toToken,
    fromAmount,
    account,
    recipient,
    toAmountMin: minimumFloor(shownMin, freshMin, accepted),
    target,
    plan: bridgePlan(step.includedSteps?.length ? step.includedSteps : route.includedSteps, choice),
    ...(choice.fromAmountForGas !== undefined ? { fromAmountForGas: choice.fromAmountForGas } : {}),
  };
  const tx = step.transactionRequest;
  guard(checkStepTransaction(tx, chosen));
  // Exactly what the wallet is asked to send, for the background to compare with the chain's copy.
  const approvedTx: ExpectedTransfer['approvedTx'] = {
    chainId: fromChainId,
    from: account,
    to: tx.to as `0x${string}`,
    data: tx.data as `0x${string}`,
    value: parseQuantity(tx.value).toString(),
  };
  const gasLimit = tx.gasLimit ? parseQuantity(tx.gasLimit) : undefined;
  // The service's limit plus a margin: gas use moves with state between estimate and inclusion.
  const gas = gasLimit ? (gasLimit * 12n) / 10n : undefined;
  const stepTx: PendingTransaction = {
    kind: 'step',
    to: approvedTx.to,
    data: approvedTx.data,
    value: BigInt(approvedTx.value),
    gas,
  };
  const call = decodedStep(chosen.fromChainId, approvedTx.to, approvedTx.data);
  const simulation = simulationInput(
    input,
    chosen,
    call,
    lifiFacetCall(chosen.fromChainId, approvedTx.to, call, step.nativeFee),
  );
  return { chosen, approvedTx, gas, stepTx, simulation };
}

/** The step's calldata as its router family reads it (the guard already refused anything unreadable). */
function decodedStep(chainId: number, to: `0x${string}`, data: `0x${string}`): DecodedRouterCall | undefined {
  const decoded = routerFamilyAt(chainId, to)?.decode(data, chainId);
  return decoded?.ok ? decoded.call : undefined;
}

/** A call swaps inside when it is a swap, says so (LI.FI), or bridges a token other than the one it takes. */
function swapsInside(call: DecodedRouterCall | undefined): boolean {
  if (!call) return true;
  if (call.kind === 'swap' || call.hasSourceSwaps === true) return true;
  const bridgeToken = call.extra?.bridgeToken;
  return typeof bridgeToken === 'string' && bridgeToken.toLowerCase() !== call.sendingToken.toLowerCase();
}

function simulationInput(
  input: StepInput,
  chosen: ChosenTransfer,
  call: DecodedRouterCall | undefined,
  lifiFacet: LifiFacetCall | undefined,
): Omit<SimulateBeforeSigningInput, 'transactions'> {
  const { fromToken, toToken } = input.route.action!;
  return {
    swapsInside: swapsInside(call),
    expected: {
      chainId: chosen.fromChainId,
      account: chosen.account,
      fromToken: chosen.fromToken,
      fromAmount: chosen.fromAmount,
      toChainId: chosen.toChainId,
      recipient: chosen.recipient,
      toToken: chosen.toToken,
      toAmountMin: chosen.toAmountMin,
      routers: ROUTER_FAMILIES.flatMap((family) => family.addressesOn(chosen.fromChainId)),
      spender: isNativeToken(chosen.fromToken) ? undefined : chosen.target,
      allowUnlimited: input.allowUnlimited === true,
      plan: chosen.plan,
      ...(lifiFacet ? { lifiFacet } : {}),
      ...(chosen.fromAmountForGas !== undefined ? { gasOnArrival: { amount: chosen.fromAmountForGas } } : {}),
      fromLabel: { symbol: fromToken.symbol, decimals: fromToken.decimals },
      toLabel: { symbol: toToken.symbol, decimals: toToken.decimals },
    },
  };
}

/** 128 random bits: the relay's report is accepted only with this ID, which the page never sees. */
function randomWatchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type PendingApproval = {
  tx: PendingTransaction;
  amount: bigint;
  /** The approval guard's verdict on the transaction built (checked with the step's, before any simulation). */
  check: ReturnType<typeof checkApproval>;
};

export function approvalFor(
  input: Pick<ExecuteInput, 'account' | 'allowUnlimited'>,
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
