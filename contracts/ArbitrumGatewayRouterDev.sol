// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ArbitrumGatewayRouterDev
/// @notice The devnet's Arbitrum L1 GatewayRouter, at production's address (0x72Ce9c846789fdB6fC1f34aC4AD25Dd9ef7031ef,
/// src/contracts/arbitrumGateways.ts): it answers `calculateL2TokenAddress`, the token an ERC-20 deposited through it
/// becomes on Arbitrum One, which the extension reads through its trusted RPC before the wallet is asked
/// (src/checks/promises/arbitrumGatewayToken.ts). The answers are production's for the devnet's tokens: USDC arrives
/// as Arbitrum's bridged USDC.e (not the native USDC Circle issues there), USDT as Arbitrum's USDT.
contract ArbitrumGatewayRouterDev {
    function calculateL2TokenAddress(address l1Token) external pure returns (address) {
        if (l1Token == 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) return 0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8;
        if (l1Token == 0xdAC17F958D2ee523a2206206994597C13D831ec7) return 0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9;
        return address(0);
    }
}
