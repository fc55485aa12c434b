// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title GlacisFacetDev
/// @notice The devnet's GlacisFacet (production: Glacis Airlift sends the token to `receiverAddress` on the
/// destination as `outputToken`, paying `nativeFee`). The calldata names no minimum: Airlift delivers what its
/// quote says, so the devnet relayer pays what the twin quoted for the transactionId (the bridge's promise).
contract GlacisFacetDev is LiFiDevFacetBase {
    struct GlacisData {
        bytes32 receiverAddress;
        address refundAddress;
        uint256 nativeFee;
        bytes32 outputToken;
    }

    bytes32 private constant TOOL = "glacis";
    /// Where the devnet's Glacis Airlift collects its native fee.
    address private constant AIRLIFT = address(uint160(0x1F1FE2));

    function startBridgeTokensViaGlacis(
        BridgeData calldata _bridgeData,
        GlacisData calldata _glacisData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _takeForBridge(bridgeData, _glacisData.nativeFee);
        _startBridge(bridgeData, _glacisData);
    }

    function swapAndStartBridgeTokensViaGlacis(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        GlacisData calldata _glacisData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, _glacisData.nativeFee);
        _startBridge(_bridgeData, _glacisData);
    }

    function _startBridge(BridgeData memory _bridgeData, GlacisData calldata _data) private {
        // Airlift moves tokens only.
        if (_bridgeData.sendingAssetId == address(0)) revert InvalidSendingToken();
        if (_bridgeData.receiver == NON_EVM_ADDRESS) revert InvalidNonEVMReceiver();
        if (_data.receiverAddress != _word(_bridgeData.receiver)) revert InvalidReceiver();
        if (_data.refundAddress == address(0)) revert InvalidCallData();
        address output = address(uint160(uint256(_data.outputToken)));
        uint8 coin = _coinOf(block.chainid, _bridgeData.sendingAssetId);
        if (coin == COIN_NONE || _coinOf(_bridgeData.destinationChainId, output) != coin) revert InformationMismatch();
        _payBridgeFee(AIRLIFT, _data.nativeFee);
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: output,
            minAmount: 0,
            refundTo: _data.refundAddress,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _bridgeToRouter(_bridgeData, delivery);
        _emitStarted(_bridgeData, bytes32(0));
    }
}
