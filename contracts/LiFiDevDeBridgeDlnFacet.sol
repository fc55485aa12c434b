// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title DeBridgeDlnFacetDev
/// @notice The devnet's DeBridgeDlnFacet (production: creates a DLN order giving `minAmount` here for at least
/// `minAmountOut` of `receivingAssetId` to `receiver` on deBridge's chain id of the destination; both are bytes,
/// 20 for an EVM chain, 32 for Solana; emits DlnOrderCreated). The devnet relayer takes the order: it pays at least
/// `minAmountOut` of that token.
contract DeBridgeDlnFacetDev is LiFiDevFacetBase {
    struct DeBridgeDlnData {
        bytes receivingAssetId;
        bytes receiver;
        bytes orderAuthorityDst;
        uint256 minAmountOut;
    }

    bytes32 private constant TOOL = "dln";

    event DlnOrderCreated(bytes32 indexed orderId);

    error EmptyNonEVMAddress();
    error EmptyOrderAuthorityDst();

    function startBridgeTokensViaDeBridgeDln(
        BridgeData calldata _bridgeData,
        DeBridgeDlnData calldata _deBridgeData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _takeForBridge(bridgeData, 0);
        _startBridge(bridgeData, _deBridgeData);
    }

    function swapAndStartBridgeTokensViaDeBridgeDln(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        DeBridgeDlnData calldata _deBridgeData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _deBridgeData);
    }

    function _startBridge(BridgeData memory _bridgeData, DeBridgeDlnData calldata _data) private {
        if (_data.orderAuthorityDst.length == 0) revert EmptyOrderAuthorityDst();
        if (_data.minAmountOut == 0) revert InvalidAmount();
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: _data.minAmountOut,
            refundTo: msg.sender,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        bool nonEvm = _bridgeData.receiver == NON_EVM_ADDRESS;
        if (nonEvm) {
            if (_data.receiver.length != 32 || _data.receivingAssetId.length != 32) revert EmptyNonEVMAddress();
            delivery.nonEvmReceiver = bytes32(_data.receiver);
            delivery.nonEvmToken = bytes32(_data.receivingAssetId);
        } else {
            if (_data.receiver.length != 20 || address(bytes20(_data.receiver)) != _bridgeData.receiver) {
                revert InvalidReceiver();
            }
            if (_data.receivingAssetId.length != 20) revert InvalidCallData();
            delivery.token = address(bytes20(_data.receivingAssetId));
        }
        bytes32 orderId = _bridgeToRouter(_bridgeData, delivery);
        emit DlnOrderCreated(orderId);
        // DLN names a non-EVM receiver as bytes (BridgeToNonEVMChain), not as a 32-byte word.
        if (nonEvm) emit BridgeToNonEVMChain(_bridgeData.transactionId, _bridgeData.destinationChainId, _data.receiver);
        emit LiFiTransferStarted(_bridgeData);
    }
}
