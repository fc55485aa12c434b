import { decodeAbiParameters, decodeFunctionData, type Hex, parseAbi } from 'viem';
import { i18n } from '#i18n';
import { ECO_TOOLS, ecoFacetAbi, ecoRouteParameters } from '../../../contracts/lifi/eco';
import { isSolanaAddress, wordToSolanaAddress } from '../../../lib/solanaAddress';
import type { DecodeResult } from '../types';
import { associatedTokenAccount, readEcoSolanaRoute } from './ecoSolanaRoute';
import {
  type BridgeData,
  bridgeArgs,
  bridgeCall,
  type FacetDecoder,
  isNonEvm,
  nonEvmText,
  refuse,
  type SwapData,
  sameAddress,
} from './facetArgs';

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
 * To Solana: the route's one TransferChecked (./ecoSolanaRoute.ts) names the mint and the amount the solver must pay
 * into the token account the facet holds to `solanaATA`; that account is proven the receiver's when it is the
 * associated token account of `nonEVMReceiver` for that mint, recomputed here. A route laid out otherwise (the facet
 * reads only this layout) or paying an account of anyone else is refused.
 */
function solanaCall(functionName: string, bridge: BridgeData, swaps: readonly SwapData[], data: EcoData): DecodeResult {
  const extra = { refundAddress: data.refundRecipient };
  const receiver = nonEvmText(data.nonEVMReceiver);
  if (!receiver) return refuse(i18n.t('guard.receiverUnreadable'));
  const transfer = readEcoSolanaRoute(data.encodedRoute);
  if (!transfer) return refuse(i18n.t('guard.routeNotPaying'));
  if (!isSolanaAddress(receiver)) return refuse(i18n.t('guard.receiverUnreadable'));
  const account = associatedTokenAccount(receiver, transfer.tokenProgram, transfer.mint);
  if (transfer.destination !== account || wordToSolanaAddress(data.solanaATA) !== account) {
    return refuse(i18n.t('guard.tokenAccountNotReceivers', [transfer.destination, receiver]));
  }
  return bridgeCall(functionName, bridge, swaps, {
    receiver,
    receivingToken: transfer.mint,
    minAmountOut: transfer.amount,
    extra,
  });
}

/**
 * EcoFacet: the intent the diamond publishes and funds is bound to its route: for an EVM destination the solver
 * earns the reward only by running the route's calls, the last of which the facet requires to pay BridgeData's
 * receiver, so the token delivered and the amount are proven (`token.transfer(receiver, amount)`). For Solana the
 * route is Borsh and the facet checks only that its token account is `solanaATA`, not that this account belongs to
 * `nonEVMReceiver`: the decoder recomputes that account (solanaCall above).
 */
export const ecoDecoder: FacetDecoder = {
  facet: 'EcoFacet',
  abi: ecoFacetAbi,
  tools: ECO_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<EcoData>(functionName, args);
    if (isNonEvm(bridge)) return solanaCall(functionName, bridge, swaps, data);
    const paid = lastTransfer(data.encodedRoute);
    if (!paid) return refuse(i18n.t('guard.routeNotPaying'));
    if (!sameAddress(paid.to, bridge.receiver)) return refuse(i18n.t('guard.twoReceivers'));
    return bridgeCall(functionName, bridge, swaps, {
      receiver: paid.to,
      receivingToken: paid.token,
      minAmountOut: paid.amount,
      extra: { refundAddress: data.refundRecipient },
    });
  },
};
