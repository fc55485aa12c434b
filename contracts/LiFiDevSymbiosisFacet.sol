// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title SymbiosisFacetDev
/// @notice The devnet's SymbiosisFacet, MetaRouter path (production: hands the funds to Symbiosis' MetaRouter with
/// Symbiosis' own route, `callTo`/`callData` and the swap calldata, which the facet forwards without reading; only
/// `approvedTokens[0]` must be the token sent). The route names who is paid, in which token and how much: none of it
/// is bound by the facet, so the devnet relayer pays what the twin quoted for the transactionId, in the same coin, to
/// BridgeData's receiver (the bridge's promise). The signed OnchainSwapV3 path (to Bitcoin) is not run here.
contract SymbiosisFacetDev is LiFiDevFacetBase {
    struct SymbiosisData {
        address refundRecipient;
        bytes32 nonEvmReceiver;
        bytes firstSwapCalldata;
        bytes secondSwapCalldata;
        address firstDexRouter;
        address secondDexRouter;
        address[] approvedTokens;
        address callTo;
        bytes callData;
        bool viaOnchainSwapV3;
        address dex;
        address dexgateway;
        bytes onchainSwapData;
        uint256 fee;
        uint256 deadline;
        bytes signature;
    }

    bytes32 private constant TOOL = "symbiosis";

    error OnchainSwapV3NotSupported();

    function startBridgeTokensViaSymbiosis(
        BridgeData memory _bridgeData,
        SymbiosisData calldata _symbiosisData
    ) external payable nonReentrant {
        _takeForBridge(_bridgeData, 0);
        _startBridge(_bridgeData, _symbiosisData);
    }

    function swapAndStartBridgeTokensViaSymbiosis(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        SymbiosisData calldata _symbiosisData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _symbiosisData);
    }

    function _startBridge(BridgeData memory _bridgeData, SymbiosisData calldata _data) private {
        if (_data.viaOnchainSwapV3) revert OnchainSwapV3NotSupported();
        if (_data.approvedTokens.length == 0 || _data.approvedTokens[0] != _bridgeData.sendingAssetId) {
            revert InformationMismatch();
        }
        // Symbiosis' route would carry a non-EVM receiver; the devnet's relayer reads none from it.
        if (_bridgeData.receiver == NON_EVM_ADDRESS) revert InvalidNonEVMReceiver();
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: 0,
            refundTo: _data.refundRecipient == address(0) ? msg.sender : _data.refundRecipient,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _sameCoinDelivery(_bridgeData, delivery, bytes32(0));
        _bridgeToRouter(_bridgeData, delivery);
        _emitStarted(_bridgeData, bytes32(0));
    }
}
