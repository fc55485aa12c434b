import { type Address, decodeEventLog, decodeFunctionData, type Hex, stringToHex, type TransactionReceipt } from 'viem';
import { acrossDeliveredToken } from '../../src/contracts/acrossSpokePool';
import {
  LIFI_DIAMOND_ADDRESS,
  LIFI_NON_EVM_ADDRESS,
  lifiDiamondAbi,
  lifiEventsAbi,
} from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { wordToSolanaAddress } from '../../src/lib/solanaAddress';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';
import { DEV_FACETS } from './lifiFacets';

/** What the status needs of a deposit: the router's BridgeStarted params, or the same read from a failed call. */
export type DepositParams = {
  tool: Hex;
  tokenIn: Address;
  amountIn: bigint;
  bridgeToken: Address;
  dstChainId: bigint;
  dstToken: Address;
};

/** LI.FI's identifiers of a diamond transaction (its `transactionId` and receiver). */
/** `toAddress`: an EVM address, or the base58 receiver of a non-EVM destination. */
export type LifiIds = { transactionId: Hex; toAddress: string; integrator: string };

export type DescribedCall =
  | { kind: 'swap'; tokenIn: Address; tokenOut: Address; amountIn: bigint; amountOut?: bigint; lifi?: LifiIds }
  | { kind: 'bridge'; params: DepositParams; lifi?: LifiIds };

const router = ROUTER_ADDRESS.toLowerCase();
const diamond = LIFI_DIAMOND_ADDRESS.toLowerCase();
const ACROSS_TOOL = '0x6163726f73730000000000000000000000000000000000000000000000000000' as const;

function diamondEvents(receipt: TransactionReceipt) {
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === diamond)
    .flatMap((log) => {
      try {
        return [decodeEventLog({ abi: lifiEventsAbi, data: log.data, topics: log.topics })];
      } catch {
        return [];
      }
    });
}

export function routerEvents(receipt: TransactionReceipt) {
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === router)
    .flatMap((log) => {
      try {
        return [decodeEventLog({ abi: bridgeRouterAbi, data: log.data, topics: log.topics })];
      } catch {
        return [];
      }
    });
}

/** A call to the BridgeRouter itself (the spec dialect's transactions). */
export function describeRouterCall(input: Hex, receipt: TransactionReceipt): DescribedCall | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof bridgeRouterAbi>>;
  try {
    call = decodeFunctionData({ abi: bridgeRouterAbi, data: input });
  } catch {
    return undefined;
  }
  if (call.functionName === 'swap') {
    const [tokenIn, tokenOut, amountIn] = call.args;
    const swapped = routerEvents(receipt).find((event) => event.eventName === 'Swapped');
    return {
      kind: 'swap',
      tokenIn,
      tokenOut,
      amountIn,
      amountOut: swapped?.eventName === 'Swapped' ? swapped.args.amountOut : 0n,
    };
  }
  if (call.functionName !== 'startBridge' && call.functionName !== 'startBridgeToNonEvm') return undefined;
  return { kind: 'bridge', params: call.args[0] };
}

const asAddress = (word: Hex): Address => `0x${word.slice(-40)}` as Address;

/**
 * A call to the LI.FI-compatible diamond (the lifi dialect's transactions), read with production's ABI: the sending
 * leg is what the user sent (the first swap's input for swap-and-bridge), the outcome comes from the events.
 */
export function describeDiamondCall(input: Hex, receipt: TransactionReceipt): DescribedCall | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof lifiDiamondAbi>>;
  try {
    call = decodeFunctionData({ abi: lifiDiamondAbi, data: input });
  } catch {
    return describeFacetCall(input, receipt);
  }
  if (
    call.functionName === 'startBridgeTokensViaAcrossV4' ||
    call.functionName === 'swapAndStartBridgeTokensViaAcrossV4'
  ) {
    const bridgeData = call.args[0];
    const across = call.functionName === 'startBridgeTokensViaAcrossV4' ? call.args[1] : call.args[2];
    const firstSwap = call.functionName === 'swapAndStartBridgeTokensViaAcrossV4' ? call.args[1][0] : undefined;
    const lifi = {
      transactionId: bridgeData.transactionId,
      // A non-EVM receiver is the Across data's 32-byte key (BridgeData holds LI.FI's placeholder).
      toAddress:
        bridgeData.receiver.toLowerCase() === LIFI_NON_EVM_ADDRESS.toLowerCase()
          ? wordToSolanaAddress(across.receiverAddress)
          : bridgeData.receiver,
      integrator: bridgeData.integrator,
    };
    const user = {
      tokenIn: firstSwap?.sendingAssetId ?? bridgeData.sendingAssetId,
      amountIn: firstSwap?.fromAmount ?? bridgeData.minAmount,
    };
    // The transfer's deposit is the call's last: gas on arrival deposits with Gas.zip before it.
    const started = routerEvents(receipt).findLast((event) => event.eventName === 'BridgeStarted');
    if (started?.eventName === 'BridgeStarted')
      return { kind: 'bridge', params: { ...started.args.params, ...user }, lifi };
    return {
      kind: 'bridge',
      lifi,
      params: {
        tool: ACROSS_TOOL,
        ...user,
        bridgeToken: bridgeData.sendingAssetId,
        dstChainId: bridgeData.destinationChainId,
        // What the destination pays: Across unwraps its wrapped native token (src/contracts/acrossSpokePool.ts).
        dstToken: acrossDeliveredToken(Number(bridgeData.destinationChainId), asAddress(across.receivingAssetId)),
      },
    };
  }
  const [transactionId, integrator, , receiver, , swapData] = call.args;
  const swaps = Array.isArray(swapData) ? swapData : [swapData];
  const first = swaps[0];
  const last = swaps[swaps.length - 1];
  if (!first || !last) return undefined;
  const completed = diamondEvents(receipt).find((event) => event.eventName === 'LiFiGenericSwapCompleted');
  const args = completed?.eventName === 'LiFiGenericSwapCompleted' ? completed.args : undefined;
  return {
    kind: 'swap',
    tokenIn: first.sendingAssetId,
    tokenOut: last.receivingAssetId,
    amountIn: first.fromAmount,
    ...(args?.toAmount !== undefined ? { amountOut: args.toAmount } : {}),
    lifi: { transactionId, toAddress: receiver, integrator },
  };
}

const FACET_ABI = DEV_FACETS.flatMap((facet) => facet.abi);

type FacetBridgeData = {
  transactionId: Hex;
  bridge: string;
  integrator: string;
  sendingAssetId: Address;
  receiver: Address;
  minAmount: bigint;
  destinationChainId: bigint;
};
type FacetSwap = { sendingAssetId: Address; fromAmount: bigint };

/**
 * A call to one of the diamond's bridge facets (contracts/LiFiDev*Facet.sol): BridgeData comes first in each, then
 * the source swaps for swapAndStart*. The deposit it made says the rest (its non-EVM receiver included); a reverted
 * call made none, so its tool and destination are BridgeData's.
 */
function describeFacetCall(input: Hex, receipt: TransactionReceipt): DescribedCall | undefined {
  let call: { functionName: string; args?: readonly unknown[] | undefined };
  try {
    call = decodeFunctionData({ abi: FACET_ABI, data: input });
  } catch {
    return undefined;
  }
  if (!call.functionName.includes('BridgeTokensVia') || !call.args) return undefined;
  const bridgeData = call.args[0] as FacetBridgeData;
  const firstSwap = call.functionName.startsWith('swapAnd') ? (call.args[1] as FacetSwap[])[0] : undefined;
  const events = routerEvents(receipt);
  const nonEvm = events.find((event) => event.eventName === 'BridgeToNonEvm');
  const lifi = {
    transactionId: bridgeData.transactionId,
    toAddress:
      nonEvm?.eventName === 'BridgeToNonEvm' ? wordToSolanaAddress(nonEvm.args.receiver!) : bridgeData.receiver,
    integrator: bridgeData.integrator,
  };
  const user = {
    tokenIn: firstSwap?.sendingAssetId ?? bridgeData.sendingAssetId,
    amountIn: firstSwap?.fromAmount ?? bridgeData.minAmount,
  };
  // The transfer's deposit is the call's last: gas on arrival deposits with Gas.zip before it.
  const started = events.findLast(
    (event) => event.eventName === 'BridgeStarted' || event.eventName === 'BridgeStartedOnQuote',
  );
  if (started?.eventName === 'BridgeStarted' || started?.eventName === 'BridgeStartedOnQuote')
    return { kind: 'bridge', params: { ...started.args.params, ...user }, lifi };
  return {
    kind: 'bridge',
    lifi,
    params: {
      tool: stringToHex(bridgeData.bridge.slice(0, 32), { size: 32 }),
      ...user,
      bridgeToken: bridgeData.sendingAssetId,
      dstChainId: bridgeData.destinationChainId,
      dstToken: bridgeData.sendingAssetId,
    },
  };
}
