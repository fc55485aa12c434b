import { decodeErrorResult, type Hex } from 'viem';
import { i18n } from '#i18n';
import { knownErrorsAbi } from './eventAbis';

/**
 * A failed simulated call's revert data, in words a person can read: the cause for the errors whose meaning is
 * plain (slippage, an approval that does not cover the amount, a pool or bridge without enough liquidity), else the
 * error's name. Raw bytes never reach these words; callers keep them for the details.
 */
export function revertReason(returnData: Hex): string {
  let decoded: { errorName: string; args?: readonly unknown[] | undefined };
  try {
    decoded = decodeErrorResult({ abi: knownErrorsAbi, data: returnData });
  } catch {
    return returnData === '0x' ? i18n.t('simulation.revert.silent') : i18n.t('simulation.revert.unknown');
  }
  switch (decoded.errorName) {
    case 'SlippageExceeded':
    case 'CumulativeSlippageTooHigh':
      return i18n.t('simulation.revert.slippage');
    case 'InsufficientAllowance':
    case 'ERC20InsufficientAllowance':
      return i18n.t('simulation.revert.allowance');
    case 'InsufficientBalance':
    case 'ERC20InsufficientBalance':
      return i18n.t('simulation.revert.balance');
    case 'InsufficientLiquidity':
    case 'InsufficientBridgeLiquidity':
      return i18n.t('simulation.revert.liquidity');
    case 'Error': {
      // Solidity's require(…, "text"): a contract's own sentence, shortened and stripped of control characters.
      const text = String(decoded.args?.[0] ?? '')
        .replace(/\p{Cc}/gu, '')
        .slice(0, 120);
      return i18n.t('simulation.revert.said', [text]);
    }
    default:
      return i18n.t('simulation.revert.named', [decoded.errorName]);
  }
}
