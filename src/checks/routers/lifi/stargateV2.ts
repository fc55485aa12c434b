import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { STARGATE_V2_TOOLS, stargateChainId, stargateFacetV2Abi } from '../../../contracts/lifi/stargateV2';
import { STARGATE_ASSET_TOKENS } from '../../../contracts/stargateAssets';
import type { PromisedFigure } from '../types';
import {
  bridgeArgs,
  bridgeCall,
  bytes32ToAddress,
  type FacetDecoder,
  isNonEvm,
  refuse,
  sameAddress,
} from './facetArgs';

type StargateData = {
  assetId: number;
  sendParams: {
    dstEid: number;
    to: Hex;
    amountLD: bigint;
    minAmountLD: bigint;
    extraOptions: Hex;
    composeMsg: Hex;
    oftCmd: Hex;
  };
  fee: { nativeFee: bigint; lzTokenFee: bigint };
  refundAddress: `0x${string}`;
};

/** The one Stargate chain whose stablecoins have 18 decimals, where the pool's local amounts differ across chains. */
const BNB_CHAIN = 56;

/**
 * StargateFacetV2: the pool pays `sendParams.to` on the chain of `sendParams.dstEid` at least `minAmountLD` (it
 * reverts below it), in the destination's token of the same asset. The calldata proves the receiver, the destination
 * and the minimum; the token delivered is the one Stargate's own definitions name for `assetId` on that endpoint
 * (src/contracts/stargateAssets.ts, generated from @stargatefinance/stg-definitions-v2), or the pool's promise where
 * they name none; the LayerZero fee is carried in the value on top of the amount.
 */
export const stargateV2Decoder: FacetDecoder = {
  facet: 'StargateFacetV2',
  abi: stargateFacetV2Abi,
  tools: STARGATE_V2_TOOLS,
  decode(functionName, args, sourceChainId) {
    const { bridge, swaps, data } = bridgeArgs<StargateData>(functionName, args);
    const { sendParams, fee } = data;
    const receiver = bytes32ToAddress(sendParams.to);
    if (isNonEvm(bridge) || !receiver) return refuse(i18n.t('guard.receiverUnreadable'));
    if (!sameAddress(receiver, bridge.receiver)) return refuse(i18n.t('guard.twoReceivers'));
    const destination = stargateChainId(sendParams.dstEid);
    if (destination === undefined) return refuse(i18n.t('guard.unknownEndpoint', [String(sendParams.dstEid)]));
    if (destination !== Number(bridge.destinationChainId)) {
      return refuse(i18n.t('guard.twoDestinations', [String(destination), String(bridge.destinationChainId)]));
    }
    // Paying LayerZero in its own token would spend a token the person did not choose.
    if (fee.lzTokenFee !== 0n) return refuse(i18n.t('guard.feeInOtherToken'));
    // `minAmountLD` is in the source pool's decimals: it means the same on the destination only where both agree.
    const sameDecimals = sourceChainId !== BNB_CHAIN && destination !== BNB_CHAIN;
    const receivingToken = STARGATE_ASSET_TOKENS[data.assetId]?.[sendParams.dstEid];
    const promised: PromisedFigure[] = [
      ...(receivingToken ? [] : (['receivingToken'] as const)),
      ...(sameDecimals ? [] : (['minAmountOut'] as const)),
    ];
    return bridgeCall(functionName, bridge, swaps, {
      receiver,
      destinationChainId: destination,
      ...(receivingToken ? { receivingToken } : {}),
      ...(sameDecimals ? { minAmountOut: sendParams.minAmountLD } : {}),
      nativeFee: fee.nativeFee,
      hasDestinationCall: bridge.hasDestinationCall || sendParams.composeMsg !== '0x',
      promised,
      extra: { refundAddress: data.refundAddress, assetId: BigInt(data.assetId) },
    });
  },
};
