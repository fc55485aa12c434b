// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiFiDevFacetBase} from "./LiFiDevFacetBase.sol";

/// @title RelayDepositoryFacetDev
/// @notice The devnet's RelayDepositoryFacet (production: deposits into Relay's depository against an order id
/// that Relay's solver later fills). The calldata carries no receiver, output token or minimum: Relay's order,
/// quoted off-chain under `orderId`, says who gets what. So the deposit names the same coin on the destination and
/// no minimum; the facet emits the order id beside the router's deposit (RelayOrderDeposit), and the devnet relayer
/// pays whom and what the order behind that id names (server/devnet/relayOrders.ts), as Relay's solver does, whatever
/// BridgeData says. The extension proves the order with Relay's own API before signing (src/checks/promises/relay*.ts).
contract RelayDepositoryFacetDev is LiFiDevFacetBase {
    struct RelayDepositoryData {
        bytes32 orderId;
        address depositorAddress;
    }

    bytes32 private constant TOOL = "relay";

    /// Production's depository emits the order id in its deposit event (RelayErc20Deposit / RelayNativeDeposit,
    /// `id`); here it is tied to the BridgeRouter deposit that stands for it, so the relayer finds the order to pay.
    event RelayOrderDeposit(bytes32 indexed depositId, bytes32 indexed orderId, address depositor);

    function startBridgeTokensViaRelayDepository(
        BridgeData calldata _bridgeData,
        RelayDepositoryData calldata _relayDepositoryData
    ) external payable nonReentrant {
        BridgeData memory bridgeData = _bridgeData;
        _takeForBridge(bridgeData, 0);
        _startBridge(bridgeData, _relayDepositoryData);
    }

    function swapAndStartBridgeTokensViaRelayDepository(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        RelayDepositoryData calldata _relayDepositoryData
    ) external payable nonReentrant {
        _swapForBridge(_bridgeData, _swapData, 0);
        _startBridge(_bridgeData, _relayDepositoryData);
    }

    function _startBridge(BridgeData memory _bridgeData, RelayDepositoryData calldata _data) private {
        // As production: the depositor is who Relay credits (and refunds); never the diamond by accident.
        if (_data.depositorAddress == address(0) || _data.orderId == bytes32(0)) revert InvalidCallData();
        // Relay's order names the Solana receiver off-chain; the devnet's relayer does not read orders, so the twin
        // offers Relay between EVM chains only.
        if (_bridgeData.receiver == NON_EVM_ADDRESS) revert InvalidNonEVMReceiver();
        Delivery memory delivery = Delivery({
            tool: TOOL,
            token: address(0),
            minAmount: 0,
            refundTo: _data.depositorAddress,
            nonEvmReceiver: bytes32(0),
            nonEvmToken: bytes32(0)
        });
        _sameCoinDelivery(_bridgeData, delivery, bytes32(0));
        bytes32 depositId = _bridgeToRouter(_bridgeData, delivery);
        emit RelayOrderDeposit(depositId, _data.orderId, _data.depositorAddress);
        _emitStarted(_bridgeData, bytes32(0));
    }
}
