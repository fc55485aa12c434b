// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title PolymerCCTPFacetDev
/// @notice The devnet's PolymerCCTPFacet (production: takes Polymer's USDC fee, then burns the rest with CCTP v2 for
/// BridgeData's receiver, or for Solana the receiver's USDC token account, less at most `maxCCTPFee`; emits
/// PolymerCCTPFeeSent for Polymer's relayer). USDC only; the relayer pays at least
/// `minAmount - polymerTokenFee - maxCCTPFee` USDC, on Solana to the owner wallet `nonEVMReceiver`.
contract PolymerCCTPFacetDev is LiFiDevFacetBase {
    struct PolymerCCTPData {
        uint256 polymerTokenFee;
        uint256 maxCCTPFee;
        bytes32 nonEVMReceiver;
        bytes32 solanaReceiverATA;
        uint32 minFinalityThreshold;
        address refundRecipient;
        bytes hookData;
    }

    bytes32 private constant TOOL = "polymer";
    /// Where the devnet's Polymer collects its USDC fee (its fee recipient in production).
    address private constant POLYMER_FEE_RECIPIENT = address(uint160(0x1F1FE1));

    event PolymerCCTPFeeSent(uint256 bridgeAmount, uint256 polymerFee, uint32 minFinalityThreshold);

    function startBridgeTokensViaPolymerCCTP(
        BridgeData calldata _bridgeData,
        PolymerCCTPData calldata _polymerData
    ) external nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _takeForBridge(bridgeData, 0);
        _startBridge(bridgeData, _polymerData);
    }

    function swapAndStartBridgeTokensViaPolymerCCTP(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        PolymerCCTPData calldata _polymerData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _polymerData);
    }

    function _startBridge(BridgeData memory _bridgeData, PolymerCCTPData calldata _data) private {
        if (_coinOf(block.chainid, _bridgeData.sendingAssetId) != COIN_USDC) revert InvalidSendingToken();
        if (_data.hookData.length > 0) revert InvalidCallData();
        uint256 fees = _data.polymerTokenFee + _data.maxCCTPFee;
        if (fees >= _bridgeData.minAmount) revert InvalidAmount();
        bool nonEvm = _bridgeData.receiver == NON_EVM_ADDRESS;
        // As production: an EVM transfer names no non-EVM receiver; a Solana one names both the wallet and its ATA.
        if (nonEvm ? _data.solanaReceiverATA == bytes32(0) : _data.nonEVMReceiver != bytes32(0)) {
            revert InvalidCallData();
        }
        emit PolymerCCTPFeeSent(_bridgeData.minAmount, _data.polymerTokenFee, _data.minFinalityThreshold);
        if (_data.polymerTokenFee > 0) {
            _transfer(_bridgeData.sendingAssetId, POLYMER_FEE_RECIPIENT, _data.polymerTokenFee);
        }
        // The burn is what remains after Polymer's fee; BridgeData keeps the full amount, as production emits it.
        BridgeData memory burnt = _bridgeData;
        uint256 announced = _bridgeData.minAmount;
        burnt.minAmount = announced - _data.polymerTokenFee;
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: burnt.minAmount - _data.maxCCTPFee,
            refundTo: _data.refundRecipient == address(0) ? msg.sender : _data.refundRecipient,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _sameCoinDelivery(burnt, delivery, _data.nonEVMReceiver);
        _bridgeToRouter(burnt, delivery);
        burnt.minAmount = announced;
        _emitStarted(burnt, _data.nonEVMReceiver);
    }
}
