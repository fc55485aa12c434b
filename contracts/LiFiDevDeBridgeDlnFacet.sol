// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title DeBridgeDlnFacetDev
/// @notice The devnet's DeBridgeDlnFacet (production: creates a DLN order giving `minAmount` here for at least
/// `minAmountOut` of `receivingAssetId` to `receiver` on deBridge's chain id of the destination; both are bytes,
/// 20 for an EVM chain, 32 for Solana; emits DlnOrderCreated). The devnet relayer takes the order: it pays at least
/// `minAmountOut` of that token. As production, an order of a token carries DLN's fixed fee beside it in the native
/// coin (`DlnSource.globalFixedNativeFee()`, read here from the devnet's DlnSource at production's address) and pays
/// it to DlnSource; an order of the native coin is not charged here (production takes the fee out of its amount).
interface IDlnSourceFee {
    function globalFixedNativeFee() external view returns (uint88);
}

contract DeBridgeDlnFacetDev is LiFiDevFacetBase {
    struct DeBridgeDlnData {
        bytes receivingAssetId;
        bytes receiver;
        bytes orderAuthorityDst;
        uint256 minAmountOut;
    }

    bytes32 private constant TOOL = "dln";
    address private constant DLN_SOURCE = 0xeF4fB24aD0916217251F553c0596F8Edc630EB66;

    event DlnOrderCreated(bytes32 indexed orderId);

    error EmptyNonEVMAddress();
    error EmptyOrderAuthorityDst();

    function startBridgeTokensViaDeBridgeDln(
        BridgeData calldata _bridgeData,
        DeBridgeDlnData calldata _deBridgeData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        uint256 fee = _tokenOrderFee(bridgeData.sendingAssetId);
        _takeForBridge(bridgeData, fee);
        _startBridge(bridgeData, _deBridgeData, fee);
    }

    function swapAndStartBridgeTokensViaDeBridgeDln(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        DeBridgeDlnData calldata _deBridgeData
    ) external payable nonReentrant {
        uint256 fee = _tokenOrderFee(_bridgeData.sendingAssetId);
        _swapForBridge(_bridgeData, _swapData, fee);
        _startBridge(_bridgeData, _deBridgeData, fee);
    }

    /// DLN's fixed fee for an order of a token, as DlnSource states it; none for the native coin on the devnet.
    function _tokenOrderFee(address _sendingAssetId) private view returns (uint256) {
        if (_sendingAssetId == address(0)) return 0;
        return IDlnSourceFee(DLN_SOURCE).globalFixedNativeFee();
    }

    function _startBridge(BridgeData memory _bridgeData, DeBridgeDlnData calldata _data, uint256 _fee) private {
        if (_fee > 0) _call(DLN_SOURCE, _fee, "");
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
