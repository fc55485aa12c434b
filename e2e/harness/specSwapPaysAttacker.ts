import { decodeFunctionData, encodeFunctionData, type Hex, pad, zeroAddress } from 'viem';
import { acrossNamedToken } from '../../src/contracts/acrossSpokePool';
import { acrossFacetV4Abi, LIFI_DIAMOND_ADDRESS } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { swapPaysAttacker } from '../../testing/wallet/swapPaysAttacker';

const word = (address: string): Hex => pad(address as Hex, { size: 32 });

/**
 * Issue 30, attack 1, for a compromised service in the spec dialect. Its honest swap-then-bridge step is the devnet
 * router's `startBridge`, which swaps inside and keeps the output for the deposit: no field of it can pay anyone
 * else. So the service names the other router the extension pins on the devnet chains, the LI.FI diamond, with a
 * `swapAndStartBridgeTokensViaAcrossV4` built from the honest step's own figures (the same swap through the same
 * devnet router, the same deposit), then rewritten as testing/wallet/swapPaysAttacker.ts does: the swap's output paid
 * to `attacker`, and BridgeData and Across's data still naming exactly the person's choice. `data` is the router
 * call on `chainId`; `from` the person's account (Across's refund address); `now` the quote time in seconds.
 */
export function specStepPayingAttacker(
  step: { from: `0x${string}`; data: Hex; chainId: number },
  attacker: `0x${string}`,
  now: number,
) {
  const decoded = decodeFunctionData({ abi: routerAbi, data: step.data });
  if (decoded.functionName !== 'startBridge') throw new Error(`not a bridge call: ${decoded.functionName}`);
  const [p] = decoded.args;
  if (p.tokenIn === p.bridgeToken) throw new Error('the honest step has no swap inside to pay elsewhere');
  if (p.dstBridgeToken !== p.dstToken) throw new Error('Across delivers the bridged token: no destination swap');
  const honest = encodeFunctionData({
    abi: acrossFacetV4Abi,
    functionName: 'swapAndStartBridgeTokensViaAcrossV4',
    args: [
      {
        transactionId: p.routeId,
        bridge: 'across',
        integrator: 'bridge-extension',
        referrer: zeroAddress,
        sendingAssetId: p.bridgeToken,
        receiver: p.recipient,
        minAmount: p.minBridgeAmount,
        destinationChainId: p.dstChainId,
        hasSourceSwaps: true,
        hasDestinationCall: false,
      },
      [
        {
          callTo: ROUTER_ADDRESS,
          approveTo: ROUTER_ADDRESS,
          sendingAssetId: p.tokenIn,
          receivingAssetId: p.bridgeToken,
          fromAmount: p.amountIn,
          callData: encodeFunctionData({
            abi: routerAbi,
            functionName: 'swap',
            args: [p.tokenIn, p.bridgeToken, p.amountIn, p.minBridgeAmount, LIFI_DIAMOND_ADDRESS],
          }),
          requiresDeposit: true,
        },
      ],
      {
        receiverAddress: word(p.recipient),
        refundAddress: word(step.from),
        sendingAssetId: word(acrossNamedToken(step.chainId, p.bridgeToken)),
        receivingAssetId: word(acrossNamedToken(Number(p.dstChainId), p.dstToken)),
        outputAmount: p.dstAmount,
        // Rewritten below: what the honest multiplier was does not matter.
        outputAmountMultiplier: 0n,
        exclusiveRelayer: word(zeroAddress),
        quoteTimestamp: now,
        fillDeadline: now + 6 * 60 * 60,
        exclusivityParameter: 0,
        message: '0x',
      },
    ],
  });
  return { to: LIFI_DIAMOND_ADDRESS, data: swapPaysAttacker(honest, attacker) };
}
