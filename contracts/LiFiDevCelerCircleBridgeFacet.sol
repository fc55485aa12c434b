// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title CelerCircleBridgeFacetDev
/// @notice The devnet's CelerCircleBridgeFacet (production: Circle's CCTP through Celer's proxy, burning USDC here
/// and minting it to BridgeData's receiver on the destination, less at most `maxFee`). USDC only; the relayer pays
/// at least `minAmount - maxFee` USDC on the destination.
contract CelerCircleBridgeFacetDev is LiFiDevFacetBase {
    struct CelerCircleData {
        uint256 maxFee;
        uint32 minFinalityThreshold;
    }

    bytes32 private constant TOOL = "celercircle";

    function startBridgeTokensViaCelerCircleBridge(
        BridgeData calldata _bridgeData,
        CelerCircleData calldata _celerCircleData
    ) external nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _takeForBridge(bridgeData, 0);
        _startBridge(bridgeData, _celerCircleData);
    }

    function swapAndStartBridgeTokensViaCelerCircleBridge(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        CelerCircleData calldata _celerCircleData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _celerCircleData);
    }

    function _startBridge(BridgeData memory _bridgeData, CelerCircleData calldata _data) private {
        if (_coinOf(block.chainid, _bridgeData.sendingAssetId) != COIN_USDC) revert InvalidSendingToken();
        if (_bridgeData.destinationChainId > type(uint64).max) revert InvalidCallData();
        // CCTP mints to an address: Celer's proxy reaches EVM chains only.
        if (_bridgeData.receiver == NON_EVM_ADDRESS) revert InvalidNonEVMReceiver();
        if (_data.maxFee >= _bridgeData.minAmount) revert InvalidAmount();
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: _tokenOf(_bridgeData.destinationChainId, COIN_USDC),
            minAmount: _bridgeData.minAmount - _data.maxFee,
            // A burn is never refunded in production; the devnet's relayer refunds what it cannot mint to the sender.
            refundTo: msg.sender,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _bridgeToRouter(_bridgeData, delivery);
        _emitStarted(_bridgeData, bytes32(0));
    }
}
