import { type Hex, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { LIFI_DIAMOND_ADDRESS, LIFI_NON_EVM_ADDRESS } from '../../contracts/lifiDiamond';
import { solanaAddressToWord } from '../../lib/solanaAddress';

const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

import {
  ATTACKER,
  genericSwap,
  NATIVE,
  SENDER,
  startBridge,
  swap,
  swapAndBridge,
  USDC_ARB,
  USDC_ETH,
  USDT_ETH,
  WETH_ETH,
  word,
} from '../../../testing/wallet/lifiSamples';
import { bytes32ToAddress, LIFI_DECODABLE_SELECTORS, lifiDiamond } from './lifiDiamond';
import type { DecodedRouterCall } from './types';

// Where the samples come from (and why they are ABI-built): see the comment at the top of ./lifiSamples.ts.

const decoded = (data: Hex, chainId = 1): DecodedRouterCall => {
  const result = lifiDiamond.decode(data, chainId);
  if (!result.ok) throw new Error(`expected to decode: ${result.reason}`);
  return result.call;
};
const refusal = (data: Hex) => {
  const result = lifiDiamond.decode(data, 1);
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.reason;
};

describe('LI.FI diamond: pinned addresses and known selectors', () => {
  it('pins the diamond on the chains of its published deployments, nowhere else', () => {
    expect(lifiDiamond.addressesOn(1)).toEqual([LIFI_DIAMOND_ADDRESS]);
    expect(lifiDiamond.addressesOn(42161)).toEqual([LIFI_DIAMOND_ADDRESS]);
    expect(lifiDiamond.addressesOn(31337)).toEqual([]);
  });
  it('reads exactly the eight Across and swap functions and the 28 of the fourteen bridge facets, under their published selectors', () => {
    // The facet selectors are those of the signatures in lifinance/contracts config/clearSigningProposal.json.
    expect(LIFI_DECODABLE_SELECTORS).toEqual({
      '0xa1f1ce43': 'startBridgeTokensViaAcrossV4',
      '0x1794958f': 'swapAndStartBridgeTokensViaAcrossV4',
      '0x4666fc80': 'swapTokensSingleV3ERC20ToERC20',
      '0x733214a3': 'swapTokensSingleV3ERC20ToNative',
      '0xaf7060fd': 'swapTokensSingleV3NativeToERC20',
      '0x5fd9ae2e': 'swapTokensMultipleV3ERC20ToERC20',
      '0x2c57e884': 'swapTokensMultipleV3ERC20ToNative',
      '0x736eac0b': 'swapTokensMultipleV3NativeToERC20',
      '0x092e8fa4': 'startBridgeTokensViaRelayDepository',
      '0xa3443faa': 'swapAndStartBridgeTokensViaRelayDepository',
      '0x14d53077': 'startBridgeTokensViaStargate',
      '0xa6010a66': 'swapAndStartBridgeTokensViaStargate',
      '0xb4875292': 'startBridgeTokensViaMayan',
      '0x80c65808': 'swapAndStartBridgeTokensViaMayan',
      '0x4004633e': 'startBridgeTokensViaDeBridgeDln',
      '0x2c7d2db0': 'swapAndStartBridgeTokensViaDeBridgeDln',
      '0xe0a4201c': 'startBridgeTokensViaCelerCircleBridge',
      '0x4f3b0759': 'swapAndStartBridgeTokensViaCelerCircleBridge',
      '0x6f9206ba': 'startBridgeTokensViaGlacis',
      '0x9c4b6dd9': 'swapAndStartBridgeTokensViaGlacis',
      '0x0ad553b3': 'startBridgeTokensViaChainflip',
      '0xee3314a1': 'swapAndStartBridgeTokensViaChainflip',
      '0x7e56b7b0': 'startBridgeTokensViaEco',
      '0x9e75aa95': 'swapAndStartBridgeTokensViaEco',
      '0x5cf8113b': 'startBridgeTokensViaNEARIntents',
      '0x3110c7b9': 'swapAndStartBridgeTokensViaNEARIntents',
      '0xfc5f1003': 'startBridgeTokensViaGasZip',
      '0x606326ff': 'swapAndStartBridgeTokensViaGasZip',
      '0xe23b7a08': 'startBridgeTokensViaSymbiosis',
      '0xc46059b2': 'swapAndStartBridgeTokensViaSymbiosis',
      '0xf434d6ca': 'startBridgeTokensViaPolymerCCTP',
      '0x17917a4e': 'swapAndStartBridgeTokensViaPolymerCCTP',
      '0xce8a97a5': 'startBridgeTokensViaOptimismBridge',
      '0x5bb5d448': 'swapAndStartBridgeTokensViaOptimismBridge',
      '0xc9851d0b': 'startBridgeTokensViaArbitrumBridge',
      '0x3cc9517b': 'swapAndStartBridgeTokensViaArbitrumBridge',
    });
  });
  it('refuses another facet by name, in words a person understands', () => {
    // AllBridgeFacet.startBridgeTokensViaAllBridge: a real facet the extension does not read.
    const selector = toFunctionSelector(
      'startBridgeTokensViaAllBridge((bytes32,string,string,address,address,address,uint256,uint256,bool,bool),(bytes32,uint256,bytes32,uint256,uint8,bool))',
    );
    expect(refusal(`${selector}${'00'.repeat(64)}`)).toMatch(/LI\.FI feature the extension cannot check yet/);
    expect(refusal('0x')).toMatch(/cannot check/);
  });
  it('refuses truncated calldata of a known function', () => {
    expect(refusal(startBridge().slice(0, 300) as Hex)).toMatch(/malformed/);
  });
});

describe('AcrossFacetV4.startBridgeTokensViaAcrossV4', () => {
  it('decodes every value-moving field', () => {
    expect(decoded(startBridge())).toEqual({
      kind: 'bridge',
      functionName: 'startBridgeTokensViaAcrossV4',
      sendingToken: USDC_ETH,
      amountIn: 50_000_000n,
      destinationChainId: 42161,
      receiver: SENDER,
      receivingToken: USDC_ARB,
      minAmountOut: 49_890_000n,
      hasSourceSwaps: false,
      hasDestinationCall: false,
      extra: {
        bridgeReceiver: SENDER,
        receiverAddress: word(SENDER).toLowerCase(),
        refundAddress: SENDER,
        bridgedToken: USDC_ETH,
      },
    });
  });
  it('follows each tampered field', () => {
    expect(decoded(startBridge({ sendingAssetId: USDT_ETH }, { sendingAssetId: word(USDT_ETH) })).sendingToken).toBe(
      USDT_ETH,
    );
    expect(decoded(startBridge({ minAmount: 500_000_000n })).amountIn).toBe(500_000_000n);
    expect(decoded(startBridge({ destinationChainId: 10n })).destinationChainId).toBe(10);
    expect(decoded(startBridge({ receiver: ATTACKER }, { receiverAddress: word(ATTACKER) })).receiver).toBe(ATTACKER);
    expect(decoded(startBridge({}, { receivingAssetId: word(USDT_ETH) })).receivingToken).toBe(USDT_ETH);
    expect(decoded(startBridge({}, { outputAmount: 1n })).minAmountOut).toBe(1n);
    expect(decoded(startBridge({ hasDestinationCall: true })).hasDestinationCall).toBe(true);
    expect(decoded(startBridge({}, { refundAddress: word(ATTACKER) })).extra?.refundAddress).toBe(ATTACKER);
  });
  it('refuses two receivers that disagree (Across pays receiverAddress)', () => {
    expect(refusal(startBridge({}, { receiverAddress: word(ATTACKER) }))).toMatch(/two different receivers/);
    expect(refusal(startBridge({ receiver: ATTACKER }))).toMatch(/two different receivers/);
  });
  it('refuses a bridge deposit of another token than the one taken', () => {
    expect(refusal(startBridge({}, { sendingAssetId: word(USDT_ETH) }))).toMatch(/deposits another token/);
  });
  it('refuses a refund address that is not an address', () => {
    expect(refusal(startBridge({}, { refundAddress: `0x${'ff'.repeat(32)}` }))).toMatch(/refunds/);
  });
  it('reads a Solana receiver and mint from the Across data as base58, and keeps another non-EVM chain raw', () => {
    const receiver = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const call = decoded(
      startBridge(
        { receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: 1151111081099710n },
        { receiverAddress: solanaAddressToWord(receiver), receivingAssetId: solanaAddressToWord(USDC_SOLANA) },
      ),
    );
    expect(call.receiver).toBe(receiver);
    expect(call.destinationChainId).toBe(1151111081099710);
    expect(call.receivingToken).toBe(USDC_SOLANA);
    // Bitcoin (LI.FI's 20000000000001): the word is kept as it is, so it matches no choice and is refused.
    const other = decoded(
      startBridge(
        { receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: 20000000000001n },
        { receiverAddress: `0x${'ab'.repeat(32)}`, receivingAssetId: `0x${'cd'.repeat(32)}` },
      ),
    );
    expect(other.receiver).toBe(`0x${'ab'.repeat(32)}`);
    expect(other.receivingToken).toBeUndefined();
  });
  it('reads a native-coin bridge (the sending asset is the zero address)', () => {
    const call = decoded(
      startBridge({ sendingAssetId: NATIVE, minAmount: 10n ** 17n }, { sendingAssetId: word(WETH_ETH) }),
    );
    expect(call.sendingToken).toBe(NATIVE);
    expect(call.amountIn).toBe(10n ** 17n);
  });
});

describe('AcrossFacetV4.swapAndStartBridgeTokensViaAcrossV4', () => {
  it("takes the first swap's token and amount, and the recomputed output as the minimum", () => {
    const call = decoded(swapAndBridge());
    expect(call).toMatchObject({
      kind: 'bridge',
      functionName: 'swapAndStartBridgeTokensViaAcrossV4',
      sendingToken: USDT_ETH,
      amountIn: 50_000_000n,
      destinationChainId: 42161,
      receiver: SENDER,
      receivingToken: USDC_ARB,
      // minAmount 49.9 USDC × 0.998: the facet overwrites outputAmount with this.
      minAmountOut: 49_800_200n,
      hasSourceSwaps: true,
    });
  });
  it('follows each tampered field', () => {
    expect(decoded(swapAndBridge({}, [swap({ fromAmount: 500_000_000n })])).amountIn).toBe(500_000_000n);
    expect(decoded(swapAndBridge({}, [swap({ sendingAssetId: WETH_ETH })])).sendingToken).toBe(WETH_ETH);
    expect(decoded(swapAndBridge({ minAmount: 1n })).minAmountOut).toBe(0n);
    expect(decoded(swapAndBridge({}, [swap()], { outputAmountMultiplier: 1n })).minAmountOut).toBe(0n);
    // The outputAmount field itself is ignored by the facet here, so it does not raise the minimum.
    expect(decoded(swapAndBridge({}, [swap()], { outputAmount: 10n ** 30n })).minAmountOut).toBe(49_800_200n);
  });
  it('sums every deposit, and refuses deposits of more than one token', () => {
    const two = [swap({ fromAmount: 30_000_000n }), swap({ fromAmount: 20_000_000n })];
    expect(decoded(swapAndBridge({}, two)).amountIn).toBe(50_000_000n);
    const hop = [swap(), swap({ sendingAssetId: USDC_ETH, receivingAssetId: USDC_ETH, requiresDeposit: false })];
    expect(decoded(swapAndBridge({}, hop)).amountIn).toBe(50_000_000n);
    expect(refusal(swapAndBridge({}, [swap(), swap({ sendingAssetId: WETH_ETH })]))).toMatch(/more than one token/);
  });
  it('refuses swaps that do not produce the bridged token', () => {
    expect(refusal(swapAndBridge({}, [swap({ receivingAssetId: WETH_ETH })]))).toMatch(/does not produce/);
  });
});

describe('GenericSwapFacetV3', () => {
  const single = [swap({ sendingAssetId: USDT_ETH, receivingAssetId: USDC_ETH })];
  it.each([
    ['swapTokensSingleV3ERC20ToERC20', single, USDT_ETH, USDC_ETH],
    ['swapTokensSingleV3ERC20ToNative', [swap({ receivingAssetId: NATIVE })], USDT_ETH, NATIVE],
    ['swapTokensSingleV3NativeToERC20', [swap({ sendingAssetId: NATIVE })], NATIVE, USDC_ETH],
    [
      'swapTokensMultipleV3ERC20ToERC20',
      [swap({ receivingAssetId: WETH_ETH }), swap({ sendingAssetId: WETH_ETH, requiresDeposit: false })],
      USDT_ETH,
      USDC_ETH,
    ],
    [
      'swapTokensMultipleV3ERC20ToNative',
      [
        swap({ receivingAssetId: WETH_ETH }),
        swap({ sendingAssetId: WETH_ETH, receivingAssetId: NATIVE, requiresDeposit: false }),
      ],
      USDT_ETH,
      NATIVE,
    ],
    [
      'swapTokensMultipleV3NativeToERC20',
      [
        swap({ sendingAssetId: NATIVE, receivingAssetId: WETH_ETH }),
        swap({ sendingAssetId: WETH_ETH, requiresDeposit: false }),
      ],
      NATIVE,
      USDC_ETH,
    ],
  ] as const)('%s: receiver, first sending asset, last receiving asset, amount, minimum', (name, swaps, from, to) => {
    const call = decoded(genericSwap(name, [...swaps]), 10);
    expect(call).toEqual({
      kind: 'swap',
      functionName: name,
      sendingToken: from,
      amountIn: 50_000_000n,
      destinationChainId: 10,
      receiver: SENDER,
      receivingToken: to,
      minAmountOut: 49_750_000n,
      hasSourceSwaps: true,
      hasDestinationCall: false,
    });
  });
  it('follows each tampered field', () => {
    expect(decoded(genericSwap('swapTokensSingleV3ERC20ToERC20', single, { receiver: ATTACKER })).receiver).toBe(
      ATTACKER,
    );
    expect(decoded(genericSwap('swapTokensSingleV3ERC20ToERC20', single, { minAmountOut: 0n })).minAmountOut).toBe(0n);
    const more = [swap({ fromAmount: 500_000_000n })];
    expect(decoded(genericSwap('swapTokensSingleV3ERC20ToERC20', more)).amountIn).toBe(500_000_000n);
    const other = [swap({ receivingAssetId: WETH_ETH })];
    expect(decoded(genericSwap('swapTokensSingleV3ERC20ToERC20', other)).receivingToken).toBe(WETH_ETH);
    const fromOther = [swap({ sendingAssetId: WETH_ETH })];
    expect(decoded(genericSwap('swapTokensSingleV3ERC20ToERC20', fromOther)).sendingToken).toBe(WETH_ETH);
  });
  it('a single swap takes its fromAmount even when requiresDeposit is false', () => {
    expect(decoded(genericSwap('swapTokensSingleV3ERC20ToERC20', [swap({ requiresDeposit: false })])).amountIn).toBe(
      50_000_000n,
    );
  });
  it('refuses a native coin where the function names a token, and the reverse', () => {
    expect(refusal(genericSwap('swapTokensSingleV3ERC20ToERC20', [swap({ receivingAssetId: NATIVE })]))).toMatch(
      /native coin/,
    );
    expect(refusal(genericSwap('swapTokensSingleV3NativeToERC20', single))).toMatch(/native coin/);
  });
});

describe('bytes32ToAddress', () => {
  it('reads a left-padded address and refuses anything else', () => {
    expect(bytes32ToAddress(word(USDC_ETH))).toBe(USDC_ETH);
    expect(bytes32ToAddress(`0x${'11'.repeat(32)}`)).toBeUndefined();
  });
});
