import { decodeAbiParameters, decodeFunctionData, type Hex, parseAbi } from 'viem';
import { i18n } from '#i18n';
import { ecoFacetAbi, ecoRouteParameters } from '../../../contracts/lifi/eco';
import { bridgeArgs, bridgeCall, type FacetDecoder, isNonEvm, nonEvmText, refuse, sameAddress } from './facetArgs';

type EcoData = {
  nonEVMReceiver: Hex;
  prover: `0x${string}`;
  rewardDeadline: bigint;
  encodedRoute: Hex;
  solanaATA: Hex;
  refundRecipient: `0x${string}`;
};

const erc20TransferAbi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);

/** The route's last call, read as `token.transfer(receiver, amount)`: what the solver must pay, or undefined. */
function lastTransfer(encodedRoute: Hex): { token: `0x${string}`; to: `0x${string}`; amount: bigint } | undefined {
  try {
    const [route] = decodeAbiParameters(ecoRouteParameters, encodedRoute);
    const last = route.calls[route.calls.length - 1];
    if (!last) return undefined;
    const call = decodeFunctionData({ abi: erc20TransferAbi, data: last.callData });
    return { token: last.target, to: call.args[0], amount: call.args[1] };
  } catch {
    return undefined;
  }
}

/**
 * EcoFacet: the intent the diamond publishes and funds is bound to its route: for an EVM destination the solver
 * earns the reward only by running the route's calls, the last of which the facet requires to pay BridgeData's
 * receiver, so the token delivered and the amount are proven (`token.transfer(receiver, amount)`). For Solana the
 * route is Borsh and the facet checks only that its token account is `solanaATA`, not that this account belongs to
 * `nonEVMReceiver`: the receiver, the token and the amount are then Eco's promise.
 */
export const ecoDecoder: FacetDecoder = {
  facet: 'EcoFacet',
  abi: ecoFacetAbi,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<EcoData>(functionName, args);
    const extra = { refundAddress: data.refundRecipient };
    if (isNonEvm(bridge)) {
      const receiver = nonEvmText(data.nonEVMReceiver);
      if (!receiver) return refuse(i18n.t('guard.receiverUnreadable'));
      return bridgeCall(functionName, bridge, swaps, {
        receiver,
        promised: ['receiver', 'receivingToken', 'minAmountOut'],
        extra,
      });
    }
    const paid = lastTransfer(data.encodedRoute);
    if (!paid) return refuse(i18n.t('guard.routeNotPaying'));
    if (!sameAddress(paid.to, bridge.receiver)) return refuse(i18n.t('guard.twoReceivers'));
    return bridgeCall(functionName, bridge, swaps, {
      receiver: paid.to,
      receivingToken: paid.token,
      minAmountOut: paid.amount,
      extra,
    });
  },
};
