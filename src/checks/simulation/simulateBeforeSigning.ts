import { i18n } from '#i18n';
import { decodeUint256, encodeAllowance } from '../../contracts/erc20';
import { BaseError } from '../../errors/base';
import { formatAmount } from '../../format/amount';
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import { TransactionGuardError } from '../errors';
import { checkEffects, type EffectsExpectation } from './checkEffects';
import { type BalanceChange, balanceChanges, readEffects } from './effects';
import { revertReason } from './revertReason';
import {
  type SimulateOptions,
  type SimulationCall,
  SimulationRejectedError,
  type SimulationRequest,
  type SimulationResult,
  SimulationUnsupportedError,
  simulateCalls,
} from './simulateCalls';

/**
 * The signing flow's simulation step (src/signing/executeTransfer.ts): every transaction the wallet is about to be
 * asked for, simulated together in order through the chain's trusted RPC, then checked against the choice
 * (checkEffects.ts). Anything wrong throws a TransactionGuardError before the wallet sees a thing. Where the trusted
 * RPC has no eth_simulateV1, a plain bridge call the calldata guard read completely may go ahead, reported as not
 * simulated; a call with swaps inside is refused, since its swaps' payees cannot be read from calldata alone.
 */

/** Runs a simulation on a chain through the RPC the extension trusts there. */
export type Simulator = {
  simulate(chainId: number, request: SimulationRequest): Promise<SimulationResult>;
};

export type SimulatorOptions = SimulateOptions & {
  /** The trusted RPC URL for a chain (src/chains/trustedRpc.ts `trustedRpcUrl` with the person's overrides). */
  rpcUrl(chainId: number): string | undefined | Promise<string | undefined>;
};

export function createSimulator(options: SimulatorOptions): Simulator {
  return {
    async simulate(chainId, request) {
      const url = await options.rpcUrl(chainId);
      if (url === undefined) throw new SimulationUnsupportedError(i18n.t('simulation.noTrustedRpc', [String(chainId)]));
      // An override pointing at another chain would simulate against the wrong state: simulateCalls refuses it.
      return simulateCalls(url, { ...request, chainId }, options);
    },
  };
}

/** A transaction the wallet is about to be asked for, in the order it will be. */
export type PendingTransaction = {
  kind: 'resetApproval' | 'approval' | 'step';
  to: `0x${string}`;
  data: `0x${string}`;
  value: bigint;
  gas?: bigint;
};

/** What the review and the record may say: simulated with these changes to the account, or why not simulated. */
export type SimulationReport = { simulated: true; changes: BalanceChange[] } | { simulated: false; reason: string };

export type SimulateBeforeSigningInput = {
  transactions: PendingTransaction[];
  /** The choice, the floor and the routers, as checkEffects takes them (allowances are read here). */
  expected: Omit<EffectsExpectation, 'allowanceBefore' | 'allowanceAfter'>;
  /** Whether the step swaps inside (LI.FI's hasSourceSwaps, a same-chain swap, the devnet router's swap leg). */
  swapsInside: boolean;
};

export async function simulateBeforeSigning(
  simulator: Simulator,
  input: SimulateBeforeSigningInput,
): Promise<SimulationReport> {
  const { expected, transactions } = input;
  const { account, chainId, fromToken, spender } = expected;
  const readsAllowance = !isNativeToken(fromToken) && spender !== undefined;
  const allowanceRead: SimulationCall | undefined = readsAllowance
    ? { from: account, to: fromToken, data: encodeAllowance(account, spender) }
    : undefined;
  const calls: SimulationCall[] = [
    ...(allowanceRead ? [allowanceRead] : []),
    ...transactions.map((tx) => ({ from: account, to: tx.to, data: tx.data, value: tx.value, gas: tx.gas })),
    ...(allowanceRead ? [allowanceRead] : []),
  ];
  const first = allowanceRead ? 1 : 0;
  const last = first + transactions.length - 1;

  let result: SimulationResult;
  try {
    result = await simulator.simulate(chainId, {
      account,
      calls,
      balanceOf: isNativeToken(fromToken) ? NATIVE_TOKEN_ADDRESS : fromToken,
    });
  } catch (err) {
    if (err instanceof SimulationUnsupportedError) {
      if (input.swapsInside) {
        throw new TransactionGuardError(
          'SIM_UNAVAILABLE',
          i18n.t('simulation.swapsNeedSimulation', [err.shortMessage]),
        );
      }
      return { simulated: false, reason: err.shortMessage };
    }
    if (err instanceof SimulationRejectedError) {
      // The fee on top of the amount is the one shortfall a node names this way ("insufficient funds for gas *
      // price + value"); any other refusal (nonce, gas limit) is said as the node said it.
      const short = /insufficient funds|balance/i.test(err.rpcMessage);
      throw (
        beyondBalance(expected, err.balance, short) ??
        new TransactionGuardError('SIM_REVERTED', err.shortMessage, {
          plain: true,
          details: err.rpcMessage,
        })
      );
    }
    const words = err instanceof BaseError ? err.shortMessage : String(err);
    throw new TransactionGuardError('SIM_UNAVAILABLE', i18n.t('simulation.couldNot', [words]), {
      details: err instanceof Error ? err.message : undefined,
    });
  }

  for (let index = first; index <= last; index++) {
    const call = result.calls[index]!;
    if (call.ok) continue;
    const tx = transactions[index - first]!;
    throw (
      beyondBalance(expected, result.balance, false) ??
      new TransactionGuardError(
        'SIM_REVERTED',
        i18n.t(tx.kind === 'step' ? 'simulation.transferFails' : 'simulation.approvalFails', [
          revertReason(call.returnData),
        ]),
        { plain: true, details: call.returnData },
      )
    );
  }

  const effects = readEffects(result.calls, { from: first, to: last });
  const allowance = (index: number) => {
    const call = result.calls[index];
    try {
      return call?.ok ? decodeUint256(call.returnData) : undefined;
    } catch {
      return undefined;
    }
  };
  const check = checkEffects(effects, {
    ...expected,
    ...(readsAllowance ? { allowanceBefore: allowance(0), allowanceAfter: allowance(calls.length - 1) } : {}),
  });
  if (!check.ok) throw new TransactionGuardError(check.code, check.reason);
  return { simulated: true, changes: balanceChanges(effects, account) };
}

/** "You hold 98,987.5 USDC; this would send 99,987.5", when the chain's balance is short of the chosen amount. */
function beyondBalance(
  expected: SimulateBeforeSigningInput['expected'],
  balance: bigint | undefined,
  /** The node refused the block before running it (validation): for the native coin, the fee on top is short. */
  rejected: boolean,
): TransactionGuardError | undefined {
  if (balance === undefined || balance >= expected.fromAmount) {
    if (rejected && balance !== undefined && isNativeToken(expected.fromToken) && expected.fromLabel) {
      const { symbol, decimals } = expected.fromLabel;
      return new TransactionGuardError(
        'SIM_INSUFFICIENT_BALANCE',
        i18n.t('simulation.noFee', [
          formatAmount(balance, decimals),
          symbol,
          formatAmount(expected.fromAmount, decimals),
        ]),
        { plain: true },
      );
    }
    return undefined;
  }
  const label = expected.fromLabel;
  return new TransactionGuardError(
    'SIM_INSUFFICIENT_BALANCE',
    label
      ? i18n.t('simulation.overBalance', [
          formatAmount(balance, label.decimals),
          label.symbol,
          formatAmount(expected.fromAmount, label.decimals),
        ])
      : i18n.t('simulation.overBalance', [String(balance), expected.fromToken, String(expected.fromAmount)]),
    { plain: true },
  );
}

/**
 * For the review (the popup and background call it through a message once one is wired): the account's simulated
 * balance changes for transactions not yet signed, per asset (the zero address for the native coin), gas aside.
 * Throws SimulationUnsupportedError where the trusted RPC cannot simulate, other errors as simulateCalls does.
 */
export async function simulatedBalanceChanges(
  simulator: Simulator,
  input: { chainId: number; account: `0x${string}`; transactions: Omit<PendingTransaction, 'kind'>[] },
): Promise<{ changes: BalanceChange[]; reverted: boolean }> {
  const result = await simulator.simulate(input.chainId, {
    account: input.account,
    calls: input.transactions.map((tx) => ({ from: input.account, ...tx })),
  });
  return {
    changes: balanceChanges(readEffects(result.calls), input.account),
    reverted: result.calls.some((call) => !call.ok),
  };
}
