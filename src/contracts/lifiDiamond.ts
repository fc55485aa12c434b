import { parseAbi } from 'viem';
import { LIFI_DEPLOYMENTS } from './lifiDeployments';

/**
 * LI.FI's production router: one diamond (EIP-2535) per EVM chain LI.FI serves (at one address on most of them), whose
 * facets do the bridging and swapping. The function signatures below are the facets' real ones (lifinance/contracts:
 * src/Interfaces/ILiFi.sol, src/Libraries/LibSwap.sol, src/Facets/AcrossFacetV4.sol, src/Facets/GenericSwapFacetV3.sol),
 * so calldata built or decoded with this ABI has exactly production's layout. Shared by the extension's guards,
 * the reference service's `lifi` dialect and the devnet's diamond-compatible router.
 */

/**
 * LiFiDiamond on Ethereum and 25 other chains (and where the devnet deploys its diamond-compatible router). Not the
 * address everywhere: zkSync, Linea, Abstract, Kaia and others have their own; ask `lifiDiamondOn`.
 */
export const LIFI_DIAMOND_ADDRESS = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE' as const;

/** Uniswap's Permit2 at its canonical address (a few chains, e.g. zkSync and Abstract, have another: see below). */
export const PERMIT2_CANONICAL_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3' as const;

/**
 * Chains with a pinned diamond: every active mainnet EVM network of LI.FI's published deployments
 * (src/contracts/lifiDeployments.ts, generated from lifinance/contracts by scripts/lifiDeployments.ts).
 */
export const LIFI_DIAMOND_CHAIN_IDS: readonly number[] = Object.keys(LIFI_DEPLOYMENTS).map(Number);

/** The diamond the extension pins on `chainId`, or undefined where LI.FI publishes none (nothing is signed there). */
export const lifiDiamondOn = (chainId: number): `0x${string}` | undefined => LIFI_DEPLOYMENTS[chainId]?.diamond;

/** LI.FI's Permit2Proxy pinned on `chainId`, and the Permit2 it signs against. */
export const lifiPermit2On = (chainId: number): { permit2: `0x${string}`; permit2Proxy: `0x${string}` } | undefined => {
  const { permit2, permit2Proxy } = LIFI_DEPLOYMENTS[chainId] ?? {};
  return permit2 && permit2Proxy ? { permit2, permit2Proxy } : undefined;
};

/** `BridgeData.receiver` when the destination is not an EVM chain; the real receiver is in the facet's own data. */
export const LIFI_NON_EVM_ADDRESS = '0x11f111f111f111F111f111f111F111f111f111F1' as const;

/** LI.FI's own chain ID for Solana (LiFiData.sol), as used in `BridgeData.destinationChainId` and the API. */
export const LIFI_CHAIN_ID_SOLANA = 1151111081099710;

const STRUCTS = [
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct SwapData { address callTo; address approveTo; address sendingAssetId; address receivingAssetId; uint256 fromAmount; bytes callData; bool requiresDeposit; }',
  'struct AcrossV4Data { bytes32 receiverAddress; bytes32 refundAddress; bytes32 sendingAssetId; bytes32 receivingAssetId; uint256 outputAmount; uint128 outputAmountMultiplier; bytes32 exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityParameter; bytes message; }',
] as const;

/** AcrossFacetV4: bridge with or without source swaps; the receiver and output amount are in AcrossV4Data. */
export const acrossFacetV4Abi = parseAbi([
  ...STRUCTS,
  'function startBridgeTokensViaAcrossV4(BridgeData _bridgeData, AcrossV4Data _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV4(BridgeData _bridgeData, SwapData[] _swapData, AcrossV4Data _acrossData) payable',
]);

/** GenericSwapFacetV3: same-chain swaps; `_minAmountOut` is what the receiver is guaranteed. */
export const genericSwapFacetV3Abi = parseAbi([
  ...STRUCTS,
  'function swapTokensSingleV3ERC20ToERC20(bytes32 _transactionId, string _integrator, string _referrer, address _receiver, uint256 _minAmountOut, SwapData _swapData)',
  'function swapTokensSingleV3ERC20ToNative(bytes32 _transactionId, string _integrator, string _referrer, address _receiver, uint256 _minAmountOut, SwapData _swapData)',
  'function swapTokensSingleV3NativeToERC20(bytes32 _transactionId, string _integrator, string _referrer, address _receiver, uint256 _minAmountOut, SwapData _swapData) payable',
  'function swapTokensMultipleV3ERC20ToERC20(bytes32 _transactionId, string _integrator, string _referrer, address _receiver, uint256 _minAmountOut, SwapData[] _swapData)',
  'function swapTokensMultipleV3ERC20ToNative(bytes32 _transactionId, string _integrator, string _referrer, address _receiver, uint256 _minAmountOut, SwapData[] _swapData)',
  'function swapTokensMultipleV3NativeToERC20(bytes32 _transactionId, string _integrator, string _referrer, address _receiver, uint256 _minAmountOut, SwapData[] _swapData) payable',
]);

/** Events the status side reads (ILiFi.sol). */
export const lifiEventsAbi = parseAbi([
  ...STRUCTS,
  'event LiFiTransferStarted(BridgeData bridgeData)',
  'event LiFiGenericSwapCompleted(bytes32 indexed transactionId, string integrator, string referrer, address receiver, address fromAssetId, address toAssetId, uint256 fromAmount, uint256 toAmount)',
  'event BridgeToNonEVMChainBytes32(bytes32 indexed transactionId, uint256 indexed destinationChainId, bytes32 receiver)',
]);

/** Every facet function the extension can decode, as one ABI. */
export const lifiDiamondAbi = [...acrossFacetV4Abi, ...genericSwapFacetV3Abi] as const;
