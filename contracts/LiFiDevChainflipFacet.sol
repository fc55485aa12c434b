// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title ChainflipFacetDev
/// @notice The devnet's ChainflipFacet (production: swaps through Chainflip's vault to the asset `dstToken`, a
/// Chainflip asset id, on Ethereum, Arbitrum or Solana, for BridgeData's receiver or the bytes `nonEVMReceiver`).
/// The least received lives in `cfParameters`, which Chainflip's broker reads off-chain: the devnet relayer pays
/// what the twin quoted for the transactionId (the bridge's promise).
contract ChainflipFacetDev is LiFiDevFacetBase {
    struct ChainflipData {
        bytes nonEVMReceiver;
        uint32 dstToken;
        address dstCallReceiver;
        SwapData[] dstCallSwapData;
        uint256 gasAmount;
        bytes cfParameters;
    }

    bytes32 private constant TOOL = "chainflip";

    error EmptyNonEvmAddress();
    error UnsupportedChainflipChainId();

    function startBridgeTokensViaChainflip(
        BridgeData calldata _bridgeData,
        ChainflipData calldata _chainflipData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _takeForBridge(bridgeData, 0);
        _startBridge(bridgeData, _chainflipData);
    }

    function swapAndStartBridgeTokensViaChainflip(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        ChainflipData calldata _chainflipData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _chainflipData);
    }

    /// Chainflip's asset ids the devnet's chains hold: ETH 1, USDC 3, USDT 8 (Ethereum), ETH 6, USDC 7 (Arbitrum),
    /// USDC 10 (Solana).
    function _assetOf(uint256 chainId, uint32 asset) private pure returns (uint8 coin) {
        if (chainId == 1) {
            if (asset == 1) return COIN_ETH;
            if (asset == 3) return COIN_USDC;
            if (asset == 8) return COIN_USDT;
        } else if (chainId == 42161) {
            if (asset == 6) return COIN_ETH;
            if (asset == 7) return COIN_USDC;
        } else if (chainId == LIFI_CHAIN_ID_SOLANA) {
            if (asset == 10) return COIN_USDC;
        } else {
            revert UnsupportedChainflipChainId();
        }
        revert InvalidCallData();
    }

    function _startBridge(BridgeData memory _bridgeData, ChainflipData calldata _data) private {
        if (_data.dstCallSwapData.length > 0 || _data.gasAmount != 0) revert InformationMismatch();
        uint8 coin = _assetOf(_bridgeData.destinationChainId, _data.dstToken);
        // The devnet's Chainflip carries each coin as itself (no swap inside the bridge).
        if (_coinOf(block.chainid, _bridgeData.sendingAssetId) != coin) revert InformationMismatch();
        bool nonEvm = _bridgeData.receiver == NON_EVM_ADDRESS;
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: 0,
            refundTo: msg.sender,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        if (nonEvm) {
            if (_data.nonEVMReceiver.length != 32) revert EmptyNonEvmAddress();
            delivery.nonEvmReceiver = bytes32(_data.nonEVMReceiver);
            delivery.nonEvmToken = _solanaMintOf(coin);
        } else {
            if (_data.nonEVMReceiver.length != 0) revert InvalidCallData();
            delivery.token = _tokenOf(_bridgeData.destinationChainId, coin);
        }
        _bridgeToRouter(_bridgeData, delivery);
        if (nonEvm) emit BridgeToNonEVMChain(_bridgeData.transactionId, _bridgeData.destinationChainId, _data.nonEVMReceiver);
        emit LiFiTransferStarted(_bridgeData);
    }
}
