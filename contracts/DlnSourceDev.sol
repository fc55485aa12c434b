// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DlnSourceDev
/// @notice The devnet's deBridge DlnSource, at production's address on every chain
/// (0xeF4fB24aD0916217251F553c0596F8Edc630EB66): it answers `globalFixedNativeFee()`, the flat fee in the native coin
/// DLN takes with every order, which LI.FI's DeBridgeDlnFacet reads and sends beside a token order, so the extension
/// reads it through its trusted RPC (src/checks/promises/debridgeFee.ts). The devnet's figure, 0.001 of the coin.
contract DlnSourceDev {
    uint88 public constant globalFixedNativeFee = 0.001 ether;

    /// The fee's payment.
    receive() external payable {}
}
