// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title MayanFacetDev
/// @notice The devnet's MayanFacet (production: forwards `protocolData`, a call to one of Mayan's protocols, through
/// Mayan's forwarder; the facet reads the receiver out of that call to match it with BridgeData's). The devnet runs
/// Mayan Swift's `createOrderWithToken` only: its order names the receiver, the Wormhole chain id of the
/// destination, the output token and the least received (`minAmountOut`, in at most 8 decimals as Mayan normalises
/// amounts), and the relayer, as Swift's auction winner, pays at least that.
contract MayanFacetDev is LiFiDevFacetBase {
    struct MayanData {
        bytes32 nonEVMReceiver;
        address mayanProtocol;
        bytes protocolData;
        address swapProtocol;
        bytes swapData;
        address middleToken;
        uint256 minMiddleAmount;
        address refundRecipient;
        uint256 mayanAmountIn;
    }

    /// Mayan Swift's order, as `createOrderWithToken` takes it.
    struct OrderParams {
        uint8 payloadType;
        bytes32 trader;
        bytes32 destAddr;
        uint16 destChainId;
        bytes32 referrerAddr;
        bytes32 tokenOut;
        uint64 minAmountOut;
        uint64 gasDrop;
        uint64 cancelFee;
        uint64 refundFee;
        uint64 deadline;
        uint8 referrerBps;
        uint8 auctionMode;
        bytes32 random;
    }

    bytes32 private constant TOOL = "mayan";
    /// createOrderWithToken(address,uint256,(uint8,bytes32,bytes32,uint16,bytes32,bytes32,uint64,uint64,uint64,uint64,uint64,uint8,uint8,bytes32),bytes)
    bytes4 private constant CREATE_ORDER_WITH_TOKEN = 0xa3a30834;

    error ProtocolDataTooShort();
    error UnsupportedProtocol(bytes4 selector);

    function startBridgeTokensViaMayan(
        BridgeData memory _bridgeData,
        MayanData calldata _mayanData
    ) external payable nonReentrant {
        _takeForBridge(_bridgeData, 0);
        _startBridge(_bridgeData, _mayanData, true);
    }

    /// After source swaps the order's amount is what they delivered (production rewrites it in `protocolData`).
    function swapAndStartBridgeTokensViaMayan(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        MayanData memory _mayanData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _mayanData, false);
    }

    /// Wormhole chain ids of the devnet's chains.
    function _wormholeChainOf(uint256 chainId) private pure returns (uint16) {
        if (chainId == LIFI_CHAIN_ID_SOLANA) return 1;
        if (chainId == 1) return 2;
        if (chainId == 42161) return 23;
        if (chainId == 10) return 24;
        if (chainId == 8453) return 30;
        revert UnsupportedChain(chainId);
    }

    function _order(bytes memory _protocolData) private pure returns (address tokenIn, uint256 amountIn, OrderParams memory order) {
        if (_protocolData.length < 4 + 32 * 17) revert ProtocolDataTooShort();
        bytes4 selector = bytes4(_protocolData);
        if (selector != CREATE_ORDER_WITH_TOKEN) revert UnsupportedProtocol(selector);
        bytes memory args = new bytes(_protocolData.length - 4);
        for (uint256 i = 0; i < args.length; i++) args[i] = _protocolData[i + 4];
        (tokenIn, amountIn, order, ) = abi.decode(args, (address, uint256, OrderParams, bytes));
    }

    function _startBridge(BridgeData memory _bridgeData, MayanData memory _data, bool _exactAmount) private {
        if (_data.mayanProtocol == address(0) || _data.swapProtocol != address(0)) revert InvalidCallData();
        if (_bridgeData.sendingAssetId == address(0)) revert InvalidSendingToken();
        (address tokenIn, uint256 amountIn, OrderParams memory order) = _order(_data.protocolData);
        if (tokenIn != _bridgeData.sendingAssetId) revert InvalidSendingToken();
        if (_exactAmount && amountIn != _bridgeData.minAmount) revert InvalidAmount();
        if (order.destChainId != _wormholeChainOf(_bridgeData.destinationChainId)) revert InformationMismatch();
        if (order.deadline < block.timestamp || order.minAmountOut == 0) revert InvalidAmount();
        bool nonEvm = _bridgeData.receiver == NON_EVM_ADDRESS;
        if (nonEvm ? order.destAddr != _data.nonEVMReceiver : order.destAddr != _word(_bridgeData.receiver)) {
            revert InvalidReceiver();
        }
        uint8 coin = _coinOf(block.chainid, tokenIn);
        if (coin == COIN_NONE) revert InvalidSendingToken();
        // Mayan keeps at most 8 decimals: an 18-decimal coin's minimum is in units of 1e10.
        uint256 minimum = coin == COIN_ETH ? uint256(order.minAmountOut) * 1e10 : order.minAmountOut;
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: minimum,
            refundTo: _data.refundRecipient == address(0) ? msg.sender : _data.refundRecipient,
            nonEvmReceiver: nonEvm ? order.destAddr : bytes32(0),
            nonEvmToken: nonEvm ? order.tokenOut : bytes32(0)
        });
        if (!nonEvm) {
            delivery.token = address(uint160(uint256(order.tokenOut)));
            if (_coinOf(_bridgeData.destinationChainId, delivery.token) != coin) revert InformationMismatch();
        }
        _bridgeToRouter(_bridgeData, delivery);
        _emitStarted(_bridgeData, _data.nonEVMReceiver);
    }
}
