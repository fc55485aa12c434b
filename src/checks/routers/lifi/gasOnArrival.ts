import { decodeFunctionData, getAddress, type Hex, sliceHex } from 'viem';
import { i18n } from '#i18n';
import { gasZipPeripheryAbi, gasZipPeripheryOn } from '../../../contracts/lifi/gasZipPeriphery';
import type { GasOnArrivalCall } from '../types';
import { type SwapData, sameAddress, ZERO_ADDRESS } from './facetArgs';

/**
 * Gas on arrival in a LI.FI bridge call (`fromAmountForGas`): a swap step calling the chain's pinned GasZipPeriphery
 * (src/contracts/lifi/gasZipPeriphery.ts), which turns part of the amount sent into the native coin and deposits it
 * with Gas.zip for a receiver on another chain. Read here so the guard can compare it with what the person chose:
 * how much of the amount becomes gas, and for whom. The step must keep its asset (what it leaves in the diamond is
 * bridged), and it must be the only one calling the periphery.
 */

/** Gas.zip packs one short chain id per 16 bits; more than one splits the gas across chains. */
const ONE_CHAIN = 1n << 16n;

/** A steps list's gas on arrival: none (undefined), the one read, or why it cannot be read (a refusal). */
export function readGasOnArrival(
  swaps: readonly SwapData[],
  sourceChainId: number,
): GasOnArrivalCall | undefined | string {
  const periphery = gasZipPeripheryOn(sourceChainId);
  if (!periphery) return undefined;
  const steps = swaps.filter((swap) => sameAddress(swap.callTo, periphery) || sameAddress(swap.approveTo, periphery));
  if (steps.length === 0) return undefined;
  if (steps.length > 1) return i18n.t('guard.gasSteps');
  const step = steps[0]!;
  if (!sameAddress(step.callTo, step.approveTo) || !sameAddress(step.sendingAssetId, step.receivingAssetId)) {
    return i18n.t('guard.gasStepUnreadable');
  }
  let call: ReturnType<typeof decodeFunctionData<typeof gasZipPeripheryAbi>>;
  try {
    call = decodeFunctionData({ abi: gasZipPeripheryAbi, data: step.callData });
  } catch {
    return i18n.t('guard.gasStepUnreadable');
  }
  let amount: bigint;
  let data: { receiverAddress: Hex; destinationChains: bigint };
  if (call.functionName === 'depositToGasZipERC20') {
    const [inner, gasZipData] = call.args;
    // The periphery pulls the inner swap's input from the diamond: it must be the step's own token, become native.
    if (!sameAddress(inner.sendingAssetId, step.sendingAssetId) || !sameAddress(inner.receivingAssetId, ZERO_ADDRESS)) {
      return i18n.t('guard.gasStepUnreadable');
    }
    amount = inner.fromAmount;
    data = gasZipData;
  } else {
    if (!sameAddress(step.sendingAssetId, ZERO_ADDRESS)) return i18n.t('guard.gasStepUnreadable');
    [data, amount] = call.args;
  }
  if (amount === 0n || amount > step.fromAmount) return i18n.t('guard.gasStepUnreadable');
  if (data.destinationChains === 0n || data.destinationChains >= ONE_CHAIN) return i18n.t('guard.severalChains');
  // bytes32(bytes20(address)): the address first, then twelve zero bytes.
  if (!/^0x[0-9a-fA-F]{40}0{24}$/.test(data.receiverAddress)) return i18n.t('guard.receiverUnreadable');
  return {
    amount,
    receiver: getAddress(sliceHex(data.receiverAddress, 0, 20)),
    gasZipChain: data.destinationChains,
  };
}
