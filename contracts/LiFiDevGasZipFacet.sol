// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title GasZipFacetDev
/// @notice The devnet's GasZipFacet (production: deposits the native coin into Gas.zip's router for the chains
/// packed in `destinationChains`, 16 bits per Gas.zip chain id, paid to `receiverAddress`, an EVM address
/// left-aligned in 32 bytes). Gas.zip's calldata carries no minimum: what arrives is Gas.zip's off-chain quote, so
/// the devnet relayer pays what the twin quoted for the transactionId (the bridge's promise). One destination
/// chain per deposit here.
contract GasZipFacetDev is LiFiDevFacetBase {
    struct GasZipData {
        bytes32 receiverAddress;
        uint256 destinationChains;
    }

    bytes32 private constant TOOL = "gasZipBridge";

    error OnlyNativeAllowed();
    error TooManyChainIds();

    function startBridgeTokensViaGasZip(
        BridgeData calldata _bridgeData,
        GasZipData calldata _gasZipData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        if (bridgeData.sendingAssetId != address(0)) revert OnlyNativeAllowed();
        _takeForBridge(bridgeData, 0);
        _startBridge(bridgeData, _gasZipData);
    }

    function swapAndStartBridgeTokensViaGasZip(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        GasZipData calldata _gasZipData
    ) external payable nonReentrant {
        if (_bridgeData.sendingAssetId != address(0)) revert OnlyNativeAllowed();
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _gasZipData);
    }

    /// Gas.zip's short chain ids of the devnet's chains.
    function _gasZipChainOf(uint256 chainId) private pure returns (uint256) {
        if (chainId == 1) return 255;
        if (chainId == 10) return 55;
        if (chainId == 8453) return 54;
        if (chainId == 42161) return 57;
        revert UnsupportedChain(chainId);
    }

    function _startBridge(BridgeData memory _bridgeData, GasZipData calldata _data) private {
        if (_data.receiverAddress == bytes32(0)) revert InvalidCallData();
        if (_bridgeData.receiver == NON_EVM_ADDRESS) revert InvalidNonEVMReceiver();
        // Gas.zip reads the receiver left-aligned (bytes20 first), unlike most bridges.
        if (_data.receiverAddress != bytes32(bytes20(_bridgeData.receiver))) revert InvalidCallData();
        if (_data.destinationChains >> 16 != 0) revert TooManyChainIds();
        if (_data.destinationChains != _gasZipChainOf(_bridgeData.destinationChainId)) revert InformationMismatch();
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: 0,
            refundTo: msg.sender,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _bridgeToRouter(_bridgeData, delivery);
        _emitStarted(_bridgeData, bytes32(0));
    }
}
