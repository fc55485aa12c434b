// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title StargateFacetV2Dev
/// @notice The devnet's StargateFacetV2 (production: Stargate V2's pool of `assetId` sends over LayerZero to the
/// endpoint `dstEid`, paying `sendParams.minAmountLD` at least to `sendParams.to`). Here the pool is the
/// BridgeRouter: the asset must be the pool's token on this chain, the endpoint the destination's, and the receiver
/// BridgeData's; the relayer pays at least `minAmountLD` of the same asset there.
contract StargateFacetV2Dev is LiFiDevFacetBase {
    struct SendParam {
        uint32 dstEid;
        bytes32 to;
        uint256 amountLD;
        uint256 minAmountLD;
        bytes extraOptions;
        bytes composeMsg;
        bytes oftCmd;
    }

    struct MessagingFee {
        uint256 nativeFee;
        uint256 lzTokenFee;
    }

    struct StargateData {
        uint16 assetId;
        SendParam sendParams;
        MessagingFee fee;
        address payable refundAddress;
    }

    bytes32 private constant TOOL = "stargateV2";
    /// LayerZero's EndpointV2, which collects the messaging fee.
    address private constant LAYERZERO_ENDPOINT = 0x1a44076050125825900e736c501f859c50fE728c;

    error InvalidAssetId(uint16 invalidAssetId);

    function startBridgeTokensViaStargate(
        BridgeData calldata _bridgeData,
        StargateData calldata _stargateData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _takeForBridge(bridgeData, _stargateData.fee.nativeFee);
        _startBridge(bridgeData, _stargateData);
    }

    function swapAndStartBridgeTokensViaStargate(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        StargateData calldata _stargateData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, _stargateData.fee.nativeFee);
        _startBridge(_bridgeData, _stargateData);
    }

    /// Stargate's asset ids: 1 USDC, 2 USDT, 13 ETH (its native pool).
    function _coinOfAsset(uint16 assetId) private pure returns (uint8) {
        if (assetId == 1) return COIN_USDC;
        if (assetId == 2) return COIN_USDT;
        if (assetId == 13) return COIN_ETH;
        revert InvalidAssetId(assetId);
    }

    /// LayerZero V2 endpoint ids of the devnet's chains.
    function _endpointOf(uint256 chainId) private pure returns (uint32) {
        if (chainId == 1) return 30101;
        if (chainId == 10) return 30111;
        if (chainId == 8453) return 30184;
        if (chainId == 42161) return 30110;
        revert UnsupportedChain(chainId);
    }

    function _startBridge(BridgeData memory _bridgeData, StargateData calldata _data) private {
        if (_bridgeData.receiver == NON_EVM_ADDRESS) revert InvalidNonEVMReceiver();
        uint8 coin = _coinOfAsset(_data.assetId);
        if (_coinOf(block.chainid, _bridgeData.sendingAssetId) != coin) revert InvalidAssetId(_data.assetId);
        if (_data.sendParams.dstEid != _endpointOf(_bridgeData.destinationChainId)) revert InformationMismatch();
        if (_data.sendParams.to != _word(_bridgeData.receiver)) revert InvalidReceiver();
        // As production, the amount sent is what BridgeData says (after any source swap); the minimum is the quote's.
        if (_data.sendParams.minAmountLD == 0 || _data.sendParams.minAmountLD > _bridgeData.minAmount) {
            revert InvalidAmount();
        }
        if (_data.sendParams.composeMsg.length > 0 || _data.fee.lzTokenFee != 0) revert InvalidCallData();
        _payBridgeFee(LAYERZERO_ENDPOINT, _data.fee.nativeFee);
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: _tokenOf(_bridgeData.destinationChainId, coin),
            minAmount: _data.sendParams.minAmountLD,
            refundTo: _data.refundAddress,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _bridgeToRouter(_bridgeData, delivery);
        _emitStarted(_bridgeData, bytes32(0));
    }
}
