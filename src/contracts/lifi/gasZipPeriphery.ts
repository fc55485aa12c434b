import { parseAbi } from 'viem';
import { LIFI_DEPLOYMENTS } from '../lifiDeployments';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * GasZipPeriphery (lifinance/contracts src/Periphery/GasZipPeriphery.sol, docs/GasZipPeriphery.md): LI.FI's gas on
 * arrival (`fromAmountForGas`). A bridge call carries it as one of its swap steps (a SwapData whose callTo is the
 * periphery): `depositToGasZipERC20` pulls the inner swap's `fromAmount` from the diamond, swaps it to the native
 * coin (the inner swap must end in it) and deposits that with Gas.zip; `depositToGasZipNative` deposits `_amount` of
 * the native coin it was sent and returns the rest to the diamond. Gas.zip pays it to `receiverAddress`
 * (left-aligned: `bytes32(bytes20(address))`) on the chain(s) packed in `destinationChains` (its own short ids, 16
 * bits each). What arrives is Gas.zip's promise.
 */
export const gasZipPeripheryAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct GasZipData { bytes32 receiverAddress; uint256 destinationChains; }',
  'function depositToGasZipERC20(SwapData _swapData, GasZipData _gasZipData)',
  'function depositToGasZipNative(GasZipData _gasZipData, uint256 _amount) payable',
]);

/** LI.FI's GasZipPeriphery on `chainId`, as its published deployments name it (src/contracts/lifiDeployments.ts). */
export const gasZipPeripheryOn = (chainId: number): `0x${string}` | undefined =>
  LIFI_DEPLOYMENTS[chainId]?.gasZipPeriphery;

/**
 * Gas.zip's router on `chainId`, where LI.FI's GasZipPeriphery deposits the native coin Gas.zip pays out on the
 * destination (config/gaszip.json, in src/contracts/lifiDeployments.ts).
 */
export const gasZipRouterOn = (chainId: number): `0x${string}` | undefined => LIFI_DEPLOYMENTS[chainId]?.gasZipRouter;
