import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { RELAY_DEPOSITORY_TOOLS, relayDepositoryFacetAbi } from '../../../contracts/lifi/relayDepository';
import { bridgeArgs, bridgeCall, type FacetDecoder, isNonEvm, refuse } from './facetArgs';

type RelayDepositoryData = { orderId: Hex; depositorAddress: `0x${string}` };

/**
 * RelayDepositoryFacet: the calldata proves only what is deposited (token and amount). Relay's order behind
 * `orderId` decides who is paid, on which chain, in which token and how much, so those are Relay's promise; the
 * guard still compares BridgeData's receiver and destination with the choice, as LI.FI's record of the order.
 * `depositorAddress` is who Relay credits the deposit to (its refunds), so it must be the person's account.
 */
export const relayDepositoryDecoder: FacetDecoder = {
  facet: 'RelayDepositoryFacet',
  abi: relayDepositoryFacetAbi,
  tools: RELAY_DEPOSITORY_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<RelayDepositoryData>(functionName, args);
    // Nothing in this calldata names a non-EVM receiver at all: not even a record to compare.
    if (isNonEvm(bridge)) return refuse(i18n.t('guard.noNonEvmReceiver'));
    return bridgeCall(functionName, bridge, swaps, {
      receiver: bridge.receiver,
      promised: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
      extra: { refundAddress: data.depositorAddress, orderId: data.orderId },
    });
  },
};
