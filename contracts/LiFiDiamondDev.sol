// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";
import {CelerCircleBridgeFacetDev} from "./LiFiDevCelerCircleBridgeFacet.sol";
import {ChainflipFacetDev} from "./LiFiDevChainflipFacet.sol";
import {DeBridgeDlnFacetDev} from "./LiFiDevDeBridgeDlnFacet.sol";
import {GasZipFacetDev} from "./LiFiDevGasZipFacet.sol";
import {GlacisFacetDev} from "./LiFiDevGlacisFacet.sol";
import {MayanFacetDev} from "./LiFiDevMayanFacet.sol";
import {NearIntentsFacetDev} from "./LiFiDevNEARIntentsFacet.sol";
import {PolymerCCTPFacetDev} from "./LiFiDevPolymerCCTPFacet.sol";
import {RelayDepositoryFacetDev} from "./LiFiDevRelayDepositoryFacet.sol";
import {StargateFacetV2Dev} from "./LiFiDevStargateV2Facet.sol";
import {SymbiosisFacetDev} from "./LiFiDevSymbiosisFacet.sol";

/// @title LiFiDiamondDev
/// @notice The devnet's stand-in for LI.FI's diamond, installed with anvil_setCode at LI.FI's real diamond address
/// (0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE) on every devnet chain. Like a diamond, it exposes the real facets'
/// functions with their real argument layouts (lifinance/contracts: ILiFi.BridgeData, LibSwap.SwapData, each
/// facet's own data), so calldata built for production executes here unchanged: AcrossFacetV4 and
/// GenericSwapFacetV3 in this contract, and eleven bridge facets (LiFiDev*Facet.sol) each installed at its own address
/// and run by delegatecall from the fallback. Written for this project from the facets' documented behaviour; no
/// code is taken from lifinance/contracts.
///
/// Where the money goes: swaps call the devnet's BridgeRouter (the only allowed DEX, and only its `swap`), with
/// their output measured by balance difference; bridging deposits into the BridgeRouter with `startBridgeFor`
/// (Across's spoke-pool `deposit`: the refund address is the depositor), which the devnet relayer fills on the
/// destination with exactly `outputAmount` of the output token. The zero address stands for the native coin.
contract LiFiDiamondDev is LiFiDevFacetBase {
    struct AcrossV4Data {
        bytes32 receiverAddress;
        bytes32 refundAddress;
        bytes32 sendingAssetId;
        bytes32 receivingAssetId;
        uint256 outputAmount;
        uint128 outputAmountMultiplier;
        bytes32 exclusiveRelayer;
        uint32 quoteTimestamp;
        uint32 fillDeadline;
        uint32 exclusivityParameter;
        bytes message;
    }

    uint256 public constant MULTIPLIER_BASE = 1e18;
    bytes32 private constant ACROSS_TOOL = "across";

    event LiFiGenericSwapCompleted(
        bytes32 indexed transactionId,
        string integrator,
        string referrer,
        address receiver,
        address fromAssetId,
        address toAssetId,
        uint256 fromAmount,
        uint256 toAmount
    );

    /// Where the devnet installs each facet's code (anvil_setCode; server/devnet/lifiFacets.ts lists the same).
    address internal constant RELAY_DEPOSITORY_FACET = address(uint160(0x1F1FAC01));
    address internal constant STARGATE_V2_FACET = address(uint160(0x1F1FAC02));
    address internal constant MAYAN_FACET = address(uint160(0x1F1FAC03));
    address internal constant DEBRIDGE_DLN_FACET = address(uint160(0x1F1FAC04));
    address internal constant CELER_CIRCLE_BRIDGE_FACET = address(uint160(0x1F1FAC05));
    address internal constant POLYMER_CCTP_FACET = address(uint160(0x1F1FAC06));
    address internal constant GAS_ZIP_FACET = address(uint160(0x1F1FAC07));
    address internal constant GLACIS_FACET = address(uint160(0x1F1FAC08));
    address internal constant NEAR_INTENTS_FACET = address(uint160(0x1F1FAC09));
    address internal constant CHAINFLIP_FACET = address(uint160(0x1F1FAC0A));
    address internal constant SYMBIOSIS_FACET = address(uint160(0x1F1FAC0B));

    error FunctionDoesNotExist();

    /// The router pays native swap outputs to this contract.
    receive() external payable {}

    /// As a diamond does: a function this contract does not have runs in the facet that has it, by delegatecall
    /// (the facet's code with this contract's address, storage, sender and value), its result or revert passed on.
    fallback() external payable {
        address facet = _facetOf(msg.sig);
        if (facet == address(0)) revert FunctionDoesNotExist();
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), facet, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }

    /// The diamond's selector table, fixed at compile time (production's is the diamondCut's storage).
    function _facetOf(bytes4 selector) private pure returns (address) {
        if (
            selector == RelayDepositoryFacetDev.startBridgeTokensViaRelayDepository.selector ||
            selector == RelayDepositoryFacetDev.swapAndStartBridgeTokensViaRelayDepository.selector
        ) return RELAY_DEPOSITORY_FACET;
        if (
            selector == StargateFacetV2Dev.startBridgeTokensViaStargate.selector ||
            selector == StargateFacetV2Dev.swapAndStartBridgeTokensViaStargate.selector
        ) return STARGATE_V2_FACET;
        if (
            selector == MayanFacetDev.startBridgeTokensViaMayan.selector ||
            selector == MayanFacetDev.swapAndStartBridgeTokensViaMayan.selector
        ) return MAYAN_FACET;
        if (
            selector == DeBridgeDlnFacetDev.startBridgeTokensViaDeBridgeDln.selector ||
            selector == DeBridgeDlnFacetDev.swapAndStartBridgeTokensViaDeBridgeDln.selector
        ) return DEBRIDGE_DLN_FACET;
        if (
            selector == CelerCircleBridgeFacetDev.startBridgeTokensViaCelerCircleBridge.selector ||
            selector == CelerCircleBridgeFacetDev.swapAndStartBridgeTokensViaCelerCircleBridge.selector
        ) return CELER_CIRCLE_BRIDGE_FACET;
        if (
            selector == PolymerCCTPFacetDev.startBridgeTokensViaPolymerCCTP.selector ||
            selector == PolymerCCTPFacetDev.swapAndStartBridgeTokensViaPolymerCCTP.selector
        ) return POLYMER_CCTP_FACET;
        if (
            selector == GasZipFacetDev.startBridgeTokensViaGasZip.selector ||
            selector == GasZipFacetDev.swapAndStartBridgeTokensViaGasZip.selector
        ) return GAS_ZIP_FACET;
        if (
            selector == GlacisFacetDev.startBridgeTokensViaGlacis.selector ||
            selector == GlacisFacetDev.swapAndStartBridgeTokensViaGlacis.selector
        ) return GLACIS_FACET;
        if (
            selector == NearIntentsFacetDev.startBridgeTokensViaNEARIntents.selector ||
            selector == NearIntentsFacetDev.swapAndStartBridgeTokensViaNEARIntents.selector ||
            selector == NearIntentsFacetDev.isQuoteConsumed.selector
        ) return NEAR_INTENTS_FACET;
        if (
            selector == ChainflipFacetDev.startBridgeTokensViaChainflip.selector ||
            selector == ChainflipFacetDev.swapAndStartBridgeTokensViaChainflip.selector
        ) return CHAINFLIP_FACET;
        if (
            selector == SymbiosisFacetDev.startBridgeTokensViaSymbiosis.selector ||
            selector == SymbiosisFacetDev.swapAndStartBridgeTokensViaSymbiosis.selector
        ) return SYMBIOSIS_FACET;
        return address(0);
    }

    // ---------------------------------------------------------------- AcrossFacetV4

    function startBridgeTokensViaAcrossV4(
        BridgeData memory _bridgeData,
        AcrossV4Data calldata _acrossData
    ) external payable nonReentrant {
        _validateBridgeData(_bridgeData);
        if (_bridgeData.hasSourceSwaps) revert InformationMismatch();
        _deposit(_bridgeData.sendingAssetId, _bridgeData.minAmount, 0);
        _startBridge(_bridgeData, _acrossData, _acrossData.outputAmount);
    }

    function swapAndStartBridgeTokensViaAcrossV4(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        AcrossV4Data calldata _acrossData
    ) external payable nonReentrant {
        if (!_bridgeData.hasSourceSwaps) revert InformationMismatch();
        _validateBridgeData(_bridgeData);
        // minAmount is the least the swaps must deliver; what they do deliver is bridged, and the output amount
        // follows it through the multiplier (as production does: outputAmount = bridged * multiplier / 1e18).
        uint256 bridged = _depositAndSwap(
            _bridgeData.transactionId,
            _swapData,
            _bridgeData.sendingAssetId,
            _bridgeData.minAmount,
            0
        );
        _bridgeData.minAmount = bridged;
        _startBridge(_bridgeData, _acrossData, (bridged * _acrossData.outputAmountMultiplier) / MULTIPLIER_BASE);
    }

    // ---------------------------------------------------------------- GenericSwapFacetV3

    function swapTokensSingleV3ERC20ToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) external nonReentrant {
        _singleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensSingleV3ERC20ToNative(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) external nonReentrant {
        _singleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensSingleV3NativeToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) external payable nonReentrant {
        _singleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensMultipleV3ERC20ToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) external nonReentrant {
        _multipleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensMultipleV3ERC20ToNative(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) external nonReentrant {
        _multipleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensMultipleV3NativeToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) external payable nonReentrant {
        _multipleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    // ---------------------------------------------------------------- internals

    /// Across's pool's wrapped native token per chain (src/contracts/acrossSpokePool.ts holds the same table; the
    /// devnet's chains carry the real chain IDs), or zero where it is not listed.
    function _acrossWrappedNative(uint256 chainId) private pure returns (address) {
        if (chainId == 1) return 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2;
        if (chainId == 10 || chainId == 8453) return 0x4200000000000000000000000000000000000006;
        if (chainId == 137) return 0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270;
        if (chainId == 42161) return 0x82aF49447D8a07e3bd95BD0d56f35241523fBab1;
        return address(0);
    }

    /// What Across's destination pool pays for `token`: it unwraps its wrapped native token into the native coin
    /// (SpokePool._transferTokensToRecipient, with no message), so LI.FI names WETH for an ETH delivery.
    function _acrossDelivered(uint256 chainId, address token) private pure returns (address) {
        address wrapped = _acrossWrappedNative(chainId);
        return wrapped != address(0) && token == wrapped ? address(0) : token;
    }

    function _startBridge(
        BridgeData memory _bridgeData,
        AcrossV4Data calldata _acrossData,
        uint256 _outputAmount
    ) private {
        if ((_acrossData.message.length > 0) != _bridgeData.hasDestinationCall) revert InformationMismatch();
        // Destination calls need Across's message handler on the destination: the devnet has none.
        if (_bridgeData.hasDestinationCall) revert DestinationCallsUnsupported();
        bool nonEvm = _bridgeData.receiver == NON_EVM_ADDRESS;
        if (nonEvm) {
            // As production: the real receiver is the bridge data's 32-byte key, and only Solana is non-EVM here.
            if (_acrossData.receiverAddress == bytes32(0)) revert InvalidNonEVMReceiver();
            if (_bridgeData.destinationChainId != LIFI_CHAIN_ID_SOLANA) revert InvalidNonEVMReceiver();
        } else if (_acrossData.receiverAddress != bytes32(uint256(uint160(_bridgeData.receiver)))) {
            revert InvalidReceiver();
        }
        if (_acrossData.refundAddress == bytes32(0)) revert InvalidCallData();
        // Across deposits an ERC-20: the native coin goes in as this chain's wrapped native token, as production names it.
        address acrossInput = _bridgeData.sendingAssetId == address(0)
            ? _acrossWrappedNative(block.chainid)
            : _bridgeData.sendingAssetId;
        if (_acrossData.sendingAssetId != bytes32(uint256(uint160(acrossInput)))) revert InvalidSendingToken();
        if (_outputAmount == 0) revert InvalidAmount();
        address outputToken = nonEvm
            ? NON_EVM_ADDRESS
            : _acrossDelivered(_bridgeData.destinationChainId, address(uint160(uint256(_acrossData.receivingAssetId))));
        address refundTo = address(uint160(uint256(_acrossData.refundAddress)));
        RouterBridgeParams memory params = RouterBridgeParams({
            routeId: _bridgeData.transactionId,
            tool: ACROSS_TOOL,
            tokenIn: _bridgeData.sendingAssetId,
            amountIn: _bridgeData.minAmount,
            bridgeToken: _bridgeData.sendingAssetId,
            minBridgeAmount: _bridgeData.minAmount,
            dstChainId: _bridgeData.destinationChainId,
            dstBridgeToken: outputToken,
            dstToken: outputToken,
            dstAmount: _outputAmount,
            minDstAmount: _outputAmount,
            recipient: _bridgeData.receiver
        });
        uint256 value = 0;
        if (_bridgeData.sendingAssetId == address(0)) value = _bridgeData.minAmount;
        else _approve(_bridgeData.sendingAssetId, ROUTER, _bridgeData.minAmount);
        if (nonEvm) {
            _call(
                ROUTER,
                value,
                abi.encodeWithSignature(
                    "startBridgeForNonEvm((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address,bytes32,bytes32)",
                    params,
                    refundTo,
                    _acrossData.receiverAddress,
                    _acrossData.receivingAssetId
                )
            );
            emit BridgeToNonEVMChainBytes32(
                _bridgeData.transactionId,
                _bridgeData.destinationChainId,
                _acrossData.receiverAddress
            );
        } else {
            _call(
                ROUTER,
                value,
                abi.encodeWithSignature(
                    "startBridgeFor((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address)",
                    params,
                    refundTo
                )
            );
        }
        emit LiFiTransferStarted(_bridgeData);
    }

    function _singleSwap(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) private {
        if (_receiver == address(0)) revert InvalidReceiver();
        _deposit(_swapData.sendingAssetId, _swapData.fromAmount, 0);
        uint256 received = _swap(_transactionId, _swapData);
        _finishSwap(
            _transactionId,
            _integrator,
            _referrer,
            _receiver,
            _minAmountOut,
            _swapData.sendingAssetId,
            _swapData.receivingAssetId,
            _swapData.fromAmount,
            received
        );
    }

    function _multipleSwap(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) private {
        if (_receiver == address(0)) revert InvalidReceiver();
        uint256 received = _depositAndSwap(_transactionId, _swapData, _swapData[0].sendingAssetId, _minAmountOut, 0);
        SwapData calldata last = _swapData[_swapData.length - 1];
        _finishSwap(
            _transactionId,
            _integrator,
            _referrer,
            _receiver,
            _minAmountOut,
            _swapData[0].sendingAssetId,
            last.receivingAssetId,
            _swapData[0].fromAmount,
            received
        );
    }

    function _finishSwap(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address _receiver,
        uint256 _minAmountOut,
        address _fromAsset,
        address _toAsset,
        uint256 _fromAmount,
        uint256 _received
    ) private {
        if (_received < _minAmountOut) revert CumulativeSlippageTooHigh(_minAmountOut, _received);
        _transfer(_toAsset, _receiver, _received);
        emit LiFiGenericSwapCompleted(
            _transactionId,
            _integrator,
            _referrer,
            _receiver,
            _fromAsset,
            _toAsset,
            _fromAmount,
            _received
        );
    }

}
