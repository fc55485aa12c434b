import { type Address, encodeFunctionData, type Hex, pad, zeroAddress } from 'viem';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { isNativeToken } from '../../src/schemas/primitives';
import { gasZipPeripheryDevAbi } from '../devnet/artifacts/GasZipPeripheryDev';
import { GAS_ZIP_PERIPHERY } from '../devnet/lifiFacets';
import type { PricedRoute } from '../routing/priceRoute';
import { routerSwapData } from '../routing/transaction';
import { GAS_ZIP_CHAINS } from './facetCalls';

/**
 * The swap step a bridge call carries for gas on arrival (LI.FI's `fromAmountForGas`): a LibSwap.SwapData whose
 * callTo is LI.FI's GasZipPeriphery, as lifinance/contracts' own tests combine it with a bridge
 * (test/solidity/Periphery/GasZipPeriphery.t.sol). The step names the token sent on both sides and the whole amount
 * sent as its input (`requiresDeposit`: the diamond takes it all from the sender); the periphery pulls only its part,
 * swaps it to the native coin through the devnet router and deposits that with Gas.zip for `recipient` on the
 * destination, so what the step leaves in the diamond is exactly what is bridged.
 */
export function gasOnArrivalSwapData(route: PricedRoute, recipient: string) {
  const gas = route.gasOnArrival;
  if (!gas) throw new Error('the route has no gas on arrival');
  const { fromToken, fromAmount, toChain } = route.request;
  const chain = GAS_ZIP_CHAINS[toChain.id];
  if (chain === undefined) throw new Error(`Gas.zip has no chain id for ${toChain.id}`);
  const gasZipData = {
    // Gas.zip reads the receiver left-aligned in its 32 bytes.
    receiverAddress: pad(recipient as Hex, { size: 32, dir: 'right' }),
    destinationChains: BigInt(chain),
  };
  const token = fromToken.address as Address;
  const callData = isNativeToken(token)
    ? encodeFunctionData({
        abi: gasZipPeripheryDevAbi,
        functionName: 'depositToGasZipNative',
        args: [gasZipData, gas.amountIn],
      })
    : encodeFunctionData({
        abi: gasZipPeripheryDevAbi,
        functionName: 'depositToGasZipERC20',
        args: [
          {
            callTo: ROUTER_ADDRESS,
            approveTo: ROUTER_ADDRESS,
            sendingAssetId: token,
            receivingAssetId: zeroAddress,
            fromAmount: gas.amountIn,
            callData: routerSwapData({
              tokenIn: token,
              tokenOut: zeroAddress,
              amountIn: gas.amountIn,
              minAmountOut: gas.nativeOutMin,
              recipient: GAS_ZIP_PERIPHERY.address,
            }),
            requiresDeposit: true,
          },
          gasZipData,
        ],
      });
  return {
    callTo: GAS_ZIP_PERIPHERY.address,
    approveTo: GAS_ZIP_PERIPHERY.address,
    sendingAssetId: token,
    receivingAssetId: token,
    fromAmount,
    callData,
    requiresDeposit: true,
  };
}
