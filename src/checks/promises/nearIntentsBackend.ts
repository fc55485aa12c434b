import { decodeFunctionData, type Hex, pad, recoverTypedDataAddress } from 'viem';
import {
  NEAR_INTENTS_PAYLOAD_TYPES,
  nearIntentsFacetAbi,
  nearIntentsPayloadDomain,
} from '../../contracts/lifi/nearIntents';
import { LIFI_NON_EVM_ADDRESS } from '../../contracts/lifiDiamond';
import { sameAddress } from '../../lib/addresses';

/**
 * Who signed a NEARIntentsFacet call's payload, as the facet recovers it (EIP-712, domain "LI.FI NEAR Intents
 * Facet" version 1 of the diamond on the source chain). It proves nothing beyond LI.FI's word, but a payload
 * changed between LI.FI and this extension no longer recovers to LI.FI's signer. Undefined when the call is not
 * a direct NEARIntentsFacet call (e.g. wrapped by the Permit2 proxy) or the signature cannot be read.
 */
export async function nearIntentsPayloadSigner(
  data: Hex,
  chainId: number,
  diamond: `0x${string}`,
): Promise<`0x${string}` | undefined> {
  try {
    const { functionName, args } = decodeFunctionData({ abi: nearIntentsFacetAbi, data });
    if (
      functionName !== 'startBridgeTokensViaNEARIntents' &&
      functionName !== 'swapAndStartBridgeTokensViaNEARIntents'
    ) {
      return undefined;
    }
    const bridge = args[0];
    const near = functionName === 'startBridgeTokensViaNEARIntents' ? args[1] : args[2];
    const receiver = sameAddress(bridge.receiver, LIFI_NON_EVM_ADDRESS)
      ? near.nonEVMReceiver
      : pad(bridge.receiver, { size: 32 });
    return await recoverTypedDataAddress({
      domain: nearIntentsPayloadDomain(chainId, diamond),
      types: NEAR_INTENTS_PAYLOAD_TYPES,
      primaryType: 'NEARIntentsPayload',
      message: {
        transactionId: bridge.transactionId,
        minAmount: bridge.minAmount,
        receiver,
        depositAddress: near.depositAddress,
        destinationChainId: bridge.destinationChainId,
        sendingAssetId: bridge.sendingAssetId,
        deadline: near.deadline,
        quoteId: near.quoteId,
        minAmountOut: near.minAmountOut,
      },
      signature: near.signature,
    });
  } catch {
    return undefined;
  }
}
