import { type Abi, getAddress, type Hex, hexToString, sliceHex } from 'viem';
import { i18n } from '#i18n';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { sameAddress } from '../../../lib/addresses';
import { wordToSolanaAddress } from '../../../lib/solanaAddress';
import type { DecodedRouterCall, DecodeResult, PromisedFigure } from '../types';

/**
 * What every LI.FI bridge facet's calldata shares, read once for all of them: `BridgeData`, the optional source
 * swaps, and the facet's own data as the last argument (lifinance/contracts src/Interfaces/ILiFi.sol,
 * src/Helpers/SwapperV2.sol). Each facet's decoder (this folder) adds what its own data proves.
 */

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const;

export type BridgeData = {
  transactionId: Hex;
  bridge: string;
  integrator: string;
  referrer: `0x${string}`;
  sendingAssetId: `0x${string}`;
  receiver: `0x${string}`;
  minAmount: bigint;
  destinationChainId: bigint;
  hasSourceSwaps: boolean;
  hasDestinationCall: boolean;
};

export type SwapData = {
  callTo: `0x${string}`;
  approveTo: `0x${string}`;
  sendingAssetId: `0x${string}`;
  receivingAssetId: `0x${string}`;
  fromAmount: bigint;
  callData: Hex;
  requiresDeposit: boolean;
};

/** One facet: its functions (as in its ABI) and what their calldata says about the person's funds. */
export type FacetDecoder = {
  /** Facet name as lifinance/contracts spells it (for notes and tests). */
  facet: string;
  /** The facet's ABI (src/contracts/lifi/): its functions are the selectors this decoder reads. */
  abi: Abi;
  /** LI.FI's tool keys for routes through this facet (beside its ABI in src/contracts/lifi/): the ones asked for. */
  tools: readonly string[];
  decode(functionName: string, args: readonly unknown[], sourceChainId: number): DecodeResult;
};

export const refuse = (reason: string): DecodeResult => ({ ok: false, reason });
// The one comparison of addresses (src/lib/addresses.ts), for the facets that import their helpers from here.
export { sameAddress };

/** A bytes32 that holds an EVM address (12 zero bytes, then the address), or undefined. */
export function bytes32ToAddress(word: Hex): `0x${string}` | undefined {
  if (!/^0x0{24}[0-9a-fA-F]{40}$/.test(word)) return undefined;
  return getAddress(sliceHex(word, 12));
}

/** Bytes that are exactly one EVM address (abi.encodePacked(address)), or undefined. */
export function bytesToAddress(bytes: Hex): `0x${string}` | undefined {
  return /^0x[0-9a-fA-F]{40}$/.test(bytes) ? getAddress(bytes) : undefined;
}

/** What the diamond pulls from the sender for a list of swaps: one token, the sum of the deposits. */
export function deposits(
  swaps: readonly SwapData[],
  single: boolean,
): { token: `0x${string}`; amount: bigint } | string {
  const first = swaps[0];
  if (!first) return i18n.t('guard.swapNoSteps');
  if (single) return { token: first.sendingAssetId, amount: first.fromAmount };
  let amount = 0n;
  for (const swap of swaps) {
    if (!swap.requiresDeposit) continue;
    if (!sameAddress(swap.sendingAssetId, first.sendingAssetId)) return i18n.t('guard.moreThanOneToken');
    amount += swap.fromAmount;
  }
  return { token: first.sendingAssetId, amount };
}

/** The three parts of `startBridgeTokensVia…(BridgeData, Data)` / `swapAndStartBridgeTokensVia…(BridgeData, SwapData[], Data)`. */
export function bridgeArgs<Data>(
  functionName: string,
  args: readonly unknown[],
): { bridge: BridgeData; swaps: readonly SwapData[]; data: Data } {
  const withSwaps = functionName.startsWith('swapAndStart');
  return {
    bridge: args[0] as BridgeData,
    swaps: withSwaps ? (args[1] as readonly SwapData[]) : [],
    data: args[withSwaps ? 2 : 1] as Data,
  };
}

/**
 * What leaves the sender: BridgeData's token and amount, or, with source swaps, what the swaps pull; the swaps must
 * end in the token that is bridged (the diamond then bridges at least `minAmount` of it, or reverts).
 */
export function takenFromSender(
  bridge: BridgeData,
  swaps: readonly SwapData[],
): { sendingToken: `0x${string}`; amountIn: bigint } | string {
  if (swaps.length === 0) return { sendingToken: bridge.sendingAssetId, amountIn: bridge.minAmount };
  const taken = deposits(swaps, false);
  if (typeof taken === 'string') return taken;
  if (!sameAddress(swaps[swaps.length - 1]!.receivingAssetId, bridge.sendingAssetId)) {
    return i18n.t('guard.swapNotBridged');
  }
  return { sendingToken: taken.token, amountIn: taken.amount };
}

export const isNonEvm = (bridge: BridgeData) => sameAddress(bridge.receiver, LIFI_NON_EVM_ADDRESS);
export const isSolana = (chainId: number) => chainId === LIFI_CHAIN_ID_SOLANA;

/** A 32-byte receiver of a non-EVM destination: base58 on Solana (what the person typed), else the raw word. */
export const nonEvmWord = (word: Hex, chainId: number): string =>
  isSolana(chainId) ? wordToSolanaAddress(word) : word;

/** A receiver some facets carry as the text of its address (Chainflip, Eco: base58 or a Bitcoin address). */
export function nonEvmText(bytes: Hex): string | undefined {
  try {
    const text = hexToString(bytes);
    return /^[0-9A-Za-z]{20,90}$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The call every facet decoder returns: what leaves the sender and where it goes, with the figures the facet's
 * calldata cannot prove named in `promised`.
 */
export function bridgeCall(
  functionName: string,
  bridge: BridgeData,
  swaps: readonly SwapData[],
  fields: {
    receiver: string;
    destinationChainId?: number;
    receivingToken?: string;
    minAmountOut?: bigint;
    nativeFee?: bigint;
    hasDestinationCall?: boolean;
    promised?: readonly PromisedFigure[];
    extra?: DecodedRouterCall['extra'];
  },
): DecodeResult {
  if (bridge.destinationChainId > BigInt(Number.MAX_SAFE_INTEGER)) {
    return refuse(i18n.t('guard.notChainId', [String(bridge.destinationChainId)]));
  }
  const taken = takenFromSender(bridge, swaps);
  if (typeof taken === 'string') return refuse(taken);
  const call: DecodedRouterCall = {
    kind: 'bridge',
    functionName,
    ...taken,
    destinationChainId: fields.destinationChainId ?? Number(bridge.destinationChainId),
    receiver: fields.receiver,
    ...(fields.receivingToken === undefined ? {} : { receivingToken: fields.receivingToken }),
    ...(fields.minAmountOut === undefined ? {} : { minAmountOut: fields.minAmountOut }),
    hasSourceSwaps: bridge.hasSourceSwaps,
    hasDestinationCall: fields.hasDestinationCall ?? bridge.hasDestinationCall,
    ...(fields.nativeFee ? { nativeFee: fields.nativeFee } : {}),
    ...(fields.promised?.length ? { promised: fields.promised } : {}),
    ...(fields.extra ? { extra: fields.extra } : {}),
  };
  return { ok: true, call };
}
