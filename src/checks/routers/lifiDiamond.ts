import { type Abi, decodeFunctionData, type Hex, toFunctionSelector } from 'viem';
import { i18n } from '#i18n';
import { acrossDeliveredToken } from '../../contracts/acrossSpokePool';
import {
  acrossFacetV4Abi,
  genericSwapFacetV3Abi,
  LIFI_CHAIN_ID_SOLANA,
  LIFI_NON_EVM_ADDRESS,
  lifiDiamondOn,
} from '../../contracts/lifiDiamond';
import { sameAddress } from '../../lib/addresses';
import { wordToSolanaAddress } from '../../lib/solanaAddress';
import { bytes32ToAddress, deposits, type FacetDecoder, type SwapData } from './lifi/facetArgs';
import { LIFI_BRIDGE_FACETS } from './lifi/facets';
import { readGasOnArrival } from './lifi/gasOnArrival';
import type { DecodedRouterCall, DecodeResult, RouterFamily } from './types';

export { bytes32ToAddress };

/**
 * LI.FI's diamond: one address, many facets, each with its own calldata. This reads the facets the extension
 * knows (AcrossFacetV4's two bridge functions and GenericSwapFacetV3's six swaps here, fourteen more bridge facets
 * in ./lifi/, each in its own file) into the shared shape, and refuses everything else by name: a facet it cannot read
 * is never signed blind.
 *
 * What each field is taken from, and why (lifinance/contracts src/Facets/AcrossFacetV4.sol, GenericSwapFacetV3.sol,
 * Helpers/SwapperV2.sol):
 * - Across, no source swap: the diamond pulls `BridgeData.minAmount` of `BridgeData.sendingAssetId` and deposits
 *   into Across `AcrossV4Data.sendingAssetId`, paying `AcrossV4Data.receivingAssetId`, at least `outputAmount`,
 *   to `AcrossV4Data.receiverAddress` (the contract only checks it equals `BridgeData.receiver` when there is no
 *   destination call, and not at all for non-EVM destinations), refunds going to `refundAddress`. Where the
 *   receiving asset is the destination pool's wrapped native token and there is no message, Across unwraps it, so
 *   the token received is the native coin (src/contracts/acrossSpokePool.ts).
 * - Across with source swaps: the diamond pulls each `SwapData.fromAmount` marked `requiresDeposit`; the swaps must
 *   yield at least `BridgeData.minAmount` (CumulativeSlippageTooHigh otherwise), and the output amount is then
 *   recomputed as `minAmount × outputAmountMultiplier / 1e18`, so that product is the guaranteed minimum.
 * - Generic swaps: pulls the first swap's `fromAmount` (single) or every `requiresDeposit` swap's (multiple), pays
 *   the last swap's `receivingAssetId`, at least `_minAmountOut`, to `_receiver`.
 */

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const;
const MULTIPLIER_BASE = 10n ** 18n;
const KNOWN_ABI: Abi = [
  ...acrossFacetV4Abi,
  ...genericSwapFacetV3Abi,
  ...LIFI_BRIDGE_FACETS.flatMap((facet) => facet.abi),
];

/** The decoder of each bridge facet function in ./lifi/, by function name. */
const FACET_OF: ReadonlyMap<string, FacetDecoder> = new Map(
  LIFI_BRIDGE_FACETS.flatMap((facet) =>
    facet.abi.filter((item) => item.type === 'function').map((fn) => [fn.name, facet] as const),
  ),
);

/** Selectors the extension reads, by name: anything else sent to the diamond is refused naming its selector. */
export const LIFI_DECODABLE_SELECTORS: Readonly<Record<string, string>> = Object.fromEntries(
  KNOWN_ABI.filter((item) => item.type === 'function').map((fn) => [toFunctionSelector(fn), fn.name]),
);

const refuse = (reason: string): DecodeResult => ({ ok: false, reason });

function decodeAcross(
  functionName: 'startBridgeTokensViaAcrossV4' | 'swapAndStartBridgeTokensViaAcrossV4',
  args: readonly unknown[],
): DecodeResult {
  const bridge = args[0] as {
    receiver: `0x${string}`;
    sendingAssetId: `0x${string}`;
    minAmount: bigint;
    destinationChainId: bigint;
    hasSourceSwaps: boolean;
    hasDestinationCall: boolean;
  };
  const swaps = functionName === 'swapAndStartBridgeTokensViaAcrossV4' ? (args[1] as readonly SwapData[]) : [];
  const across = args[functionName === 'swapAndStartBridgeTokensViaAcrossV4' ? 2 : 1] as {
    receiverAddress: Hex;
    refundAddress: Hex;
    sendingAssetId: Hex;
    receivingAssetId: Hex;
    outputAmount: bigint;
    outputAmountMultiplier: bigint;
    message: Hex;
  };
  if (bridge.destinationChainId > BigInt(Number.MAX_SAFE_INTEGER)) {
    return refuse(i18n.t('guard.notChainId', [String(bridge.destinationChainId)]));
  }
  const nonEvm = sameAddress(bridge.receiver, LIFI_NON_EVM_ADDRESS);
  const receiverAddress = bytes32ToAddress(across.receiverAddress);
  // Across pays `receiverAddress`; for an EVM destination it must be an address and agree with BridgeData.
  if (!nonEvm && (!receiverAddress || !sameAddress(receiverAddress, bridge.receiver))) {
    return refuse(i18n.t('guard.twoReceivers'));
  }
  // A Solana receiver and mint are Across's 32-byte keys, read as base58 (the guard compares them with what the
  // person typed); another non-EVM chain keeps the raw word, which matches no choice and is refused.
  const solana = nonEvm && Number(bridge.destinationChainId) === LIFI_CHAIN_ID_SOLANA;
  const outputToken = solana ? wordToSolanaAddress(across.receivingAssetId) : bytes32ToAddress(across.receivingAssetId);
  const receivingToken =
    outputToken && !solana && across.message === '0x'
      ? acrossDeliveredToken(Number(bridge.destinationChainId), outputToken as `0x${string}`)
      : outputToken;
  const refundAddress = bytes32ToAddress(across.refundAddress);
  if (!refundAddress) return refuse(i18n.t('guard.refundUnreadable'));

  let sendingToken = bridge.sendingAssetId;
  let amountIn = bridge.minAmount;
  let minAmountOut = across.outputAmount;
  if (swaps.length > 0) {
    const taken = deposits(swaps, false);
    if (typeof taken === 'string') return refuse(taken);
    const last = swaps[swaps.length - 1]!;
    if (!sameAddress(last.receivingAssetId, bridge.sendingAssetId)) {
      return refuse(i18n.t('guard.swapNotBridged'));
    }
    sendingToken = taken.token;
    amountIn = taken.amount;
    minAmountOut = (bridge.minAmount * across.outputAmountMultiplier) / MULTIPLIER_BASE;
  }
  // The ERC-20 Across deposits is AcrossV4Data.sendingAssetId; it must be the token the diamond holds.
  const acrossInput = bytes32ToAddress(across.sendingAssetId);
  if (bridge.sendingAssetId !== ZERO_ADDRESS && (!acrossInput || !sameAddress(acrossInput, bridge.sendingAssetId))) {
    return refuse(i18n.t('guard.depositOther'));
  }

  const call: DecodedRouterCall = {
    kind: 'bridge',
    functionName,
    sendingToken,
    amountIn,
    destinationChainId: Number(bridge.destinationChainId),
    receiver: solana
      ? wordToSolanaAddress(across.receiverAddress)
      : nonEvm
        ? across.receiverAddress
        : (receiverAddress as string),
    receivingToken,
    minAmountOut,
    hasSourceSwaps: bridge.hasSourceSwaps,
    hasDestinationCall: bridge.hasDestinationCall,
    extra: {
      bridgeReceiver: bridge.receiver,
      receiverAddress: across.receiverAddress,
      refundAddress,
      bridgedToken: bridge.sendingAssetId,
      ...(receivingToken ? {} : { receivingAssetId: across.receivingAssetId }),
      ...(receivingToken && receivingToken !== outputToken ? { unwrappedFrom: outputToken } : {}),
    },
  };
  return { ok: true, call };
}

function decodeGenericSwap(functionName: string, args: readonly unknown[], sourceChainId: number): DecodeResult {
  const receiver = args[3] as `0x${string}`;
  const minAmountOut = args[4] as bigint;
  const single = functionName.startsWith('swapTokensSingle');
  const swaps = single ? [args[5] as SwapData] : (args[5] as readonly SwapData[]);
  const taken = deposits(swaps, single);
  if (typeof taken === 'string') return refuse(taken);
  const last = swaps[swaps.length - 1]!;
  const nativeIn = functionName.includes('NativeTo');
  const nativeOut = functionName.endsWith('ToNative');
  // The function name says which side is the native coin; SwapData must agree, or the amounts mean other things.
  if (nativeIn !== (taken.token === ZERO_ADDRESS) || nativeOut !== (last.receivingAssetId === ZERO_ADDRESS)) {
    return refuse(i18n.t('guard.nativeMismatch'));
  }
  return {
    ok: true,
    call: {
      kind: 'swap',
      functionName,
      sendingToken: taken.token,
      amountIn: taken.amount,
      destinationChainId: sourceChainId,
      receiver,
      receivingToken: last.receivingAssetId,
      minAmountOut,
      hasSourceSwaps: true,
      hasDestinationCall: false,
    },
  };
}

export const lifiDiamond: RouterFamily = {
  name: 'LI.FI diamond',
  addressesOn: (chainId) => {
    const diamond = lifiDiamondOn(chainId);
    return diamond ? [diamond] : [];
  },
  decode(data, sourceChainId): DecodeResult {
    const selector = data.slice(0, 10).toLowerCase();
    const known = LIFI_DECODABLE_SELECTORS[selector];
    if (!known) {
      return refuse(i18n.t('guard.unknownFeature', [selector]));
    }
    let decoded: { functionName: string; args: readonly unknown[] };
    try {
      decoded = decodeFunctionData({ abi: KNOWN_ABI, data }) as typeof decoded;
    } catch {
      return refuse(i18n.t('guard.malformed', [known]));
    }
    const { functionName, args } = decoded;
    let result: DecodeResult;
    if (functionName === 'startBridgeTokensViaAcrossV4' || functionName === 'swapAndStartBridgeTokensViaAcrossV4') {
      result = decodeAcross(functionName, args);
    } else {
      const facet = FACET_OF.get(functionName);
      result = facet
        ? facet.decode(functionName, args, sourceChainId)
        : decodeGenericSwap(functionName, args, sourceChainId);
    }
    return withGasOnArrival(result, functionName, args, sourceChainId);
  },
};

/**
 * A swap step calling LI.FI's GasZipPeriphery (gas on arrival) read into the call, so the guard compares it with
 * the choice: bridge calls carry their steps second, generic swaps sixth (one, or a list).
 */
function withGasOnArrival(
  result: DecodeResult,
  functionName: string,
  args: readonly unknown[],
  sourceChainId: number,
): DecodeResult {
  if (!result.ok) return result;
  const steps = functionName.startsWith('swapAndStart')
    ? (args[1] as readonly SwapData[])
    : functionName.startsWith('swapTokens')
      ? ([] as readonly SwapData[]).concat(args[5] as SwapData | readonly SwapData[])
      : [];
  const gas = readGasOnArrival(steps, sourceChainId);
  if (gas === undefined) return result;
  if (typeof gas === 'string') return refuse(gas);
  return { ok: true, call: { ...result.call, gasOnArrival: gas } };
}
