// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title NearIntentsFacetDev
/// @notice The devnet's NEARIntentsFacet (production: sends the funds to a NEAR Intents 1Click deposit address
/// after checking the quote's EIP-712 signature by LI.FI's backend signer over the transfer's figures, each quote
/// once; emits NEARIntentsBridgeStarted). Here the deposit address stands for the 1Click one and the funds go into
/// the BridgeRouter, whose relayer pays at least the signed `minAmountOut` of the same coin (the quote's output).
/// The signer is the twin's own devnet key (server/devnet/nearIntentsSigner.ts), public like every devnet key.
contract NearIntentsFacetDev is LiFiDevFacetBase {
    struct NEARIntentsData {
        bytes32 nonEVMReceiver;
        address depositAddress;
        bytes32 quoteId;
        uint256 deadline;
        uint256 minAmountOut;
        address refundRecipient;
        bytes signature;
    }

    struct Storage {
        mapping(bytes32 => bool) consumedQuoteIds;
    }

    bytes32 private constant TOOL = "near";
    bytes32 private constant NAMESPACE = keccak256("com.lifi.facets.nearintents");
    bytes32 private constant PAYLOAD_TYPEHASH =
        keccak256(
            "NEARIntentsPayload(bytes32 transactionId,uint256 minAmount,bytes32 receiver,address depositAddress,uint256 destinationChainId,address sendingAssetId,uint256 deadline,bytes32 quoteId,uint256 minAmountOut)"
        );
    /// The twin's quote signer (private key keccak256("bridge-companion devnet: NEAR Intents quote signer")).
    address private constant BACKEND_SIGNER = 0x16B9fFffD8Eb51Ee8fFe5d9A9C78BCd942E0677d;

    event NEARIntentsBridgeStarted(
        bytes32 indexed transactionId,
        bytes32 indexed quoteId,
        address indexed depositAddress,
        address sendingAssetId,
        uint256 amount,
        uint256 deadline,
        uint256 minAmountOut
    );

    error QuoteAlreadyConsumed();
    error QuoteExpired();
    error InvalidSignature();

    function startBridgeTokensViaNEARIntents(
        BridgeData calldata _bridgeData,
        NEARIntentsData calldata _nearData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _checkQuote(bridgeData, _nearData);
        _takeForBridge(bridgeData, 0);
        _startBridge(bridgeData, _nearData);
    }

    /// The signature covers BridgeData's minAmount as the swaps' least output; what they deliver above it is
    /// bridged too here (production returns that surplus to `refundRecipient`).
    function swapAndStartBridgeTokensViaNEARIntents(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        NEARIntentsData calldata _nearData
    ) external payable nonReentrant {
        _checkQuote(_bridgeData, _nearData);
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _nearData);
    }

    function isQuoteConsumed(bytes32 _quoteId) external view returns (bool) {
        return _storage().consumedQuoteIds[_quoteId];
    }

    function _storage() private pure returns (Storage storage s) {
        bytes32 slot = NAMESPACE;
        assembly {
            s.slot := slot
        }
    }

    function _checkQuote(BridgeData memory _bridgeData, NEARIntentsData calldata _data) private view {
        if (_storage().consumedQuoteIds[_data.quoteId]) revert QuoteAlreadyConsumed();
        if (block.timestamp > _data.deadline) revert QuoteExpired();
        if (_data.depositAddress == address(0)) revert InvalidCallData();
        bytes32 receiver = _bridgeData.receiver == NON_EVM_ADDRESS
            ? _data.nonEVMReceiver
            : _word(_bridgeData.receiver);
        bytes32 structHash = keccak256(
            abi.encode(
                PAYLOAD_TYPEHASH,
                _bridgeData.transactionId,
                _bridgeData.minAmount,
                receiver,
                _data.depositAddress,
                _bridgeData.destinationChainId,
                _bridgeData.sendingAssetId,
                _data.deadline,
                _data.quoteId,
                _data.minAmountOut
            )
        );
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes("LI.FI NEAR Intents Facet")),
                keccak256(bytes("1")),
                block.chainid,
                address(this)
            )
        );
        if (_recover(keccak256(abi.encodePacked("\x19\x01", domain, structHash)), _data.signature) != BACKEND_SIGNER) {
            revert InvalidSignature();
        }
    }

    /// A 65-byte (r, s, v) signature's signer, or zero when it is malformed.
    function _recover(bytes32 _digest, bytes calldata _signature) private pure returns (address) {
        if (_signature.length != 65) return address(0);
        bytes32 r = bytes32(_signature[0:32]);
        bytes32 s = bytes32(_signature[32:64]);
        uint8 v = uint8(_signature[64]);
        // Only the lower half of s, as EIP-2 requires, so a signature cannot be replayed in its twin form.
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(_digest, v, r, s);
    }

    function _startBridge(BridgeData memory _bridgeData, NEARIntentsData calldata _data) private {
        _storage().consumedQuoteIds[_data.quoteId] = true;
        if (_data.minAmountOut == 0) revert InvalidAmount();
        if (_bridgeData.receiver != NON_EVM_ADDRESS && _data.nonEVMReceiver != bytes32(0)) revert InvalidCallData();
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: _data.minAmountOut,
            refundTo: _data.refundRecipient == address(0) ? msg.sender : _data.refundRecipient,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _sameCoinDelivery(_bridgeData, delivery, _data.nonEVMReceiver);
        _bridgeToRouter(_bridgeData, delivery);
        emit NEARIntentsBridgeStarted(
            _bridgeData.transactionId,
            _data.quoteId,
            _data.depositAddress,
            _bridgeData.sendingAssetId,
            _bridgeData.minAmount,
            _data.deadline,
            _data.minAmountOut
        );
        _emitStarted(_bridgeData, _data.nonEVMReceiver);
    }
}
