// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IEnsRegistryOwner {
    function owner(bytes32 node) external view returns (address);
}

/// @title EnsResolverDev
/// @notice Installed with anvil_setCode at ENS's public resolver address (0xF29100983E058B709F3D539b0c765937B804AC15)
/// on the devnet's Ethereum: a name's Ethereum address (coin type 60, ENSIP-1 and ENSIP-9), set by the name's owner in
/// the registry, with the public resolver's signatures and events. Other coin types have no address here (empty
/// bytes, as the public resolver answers for a coin type never set). Written for this project.
contract EnsResolverDev {
    IEnsRegistryOwner public constant REGISTRY = IEnsRegistryOwner(0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e);
    uint256 private constant COIN_TYPE_ETH = 60;

    mapping(bytes32 node => address) private addresses;

    event AddrChanged(bytes32 indexed node, address a);
    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);

    error Unauthorised(bytes32 node, address caller);

    function setAddr(bytes32 node, address a) external {
        if (REGISTRY.owner(node) != msg.sender) revert Unauthorised(node, msg.sender);
        addresses[node] = a;
        emit AddressChanged(node, COIN_TYPE_ETH, abi.encodePacked(a));
        emit AddrChanged(node, a);
    }

    function addr(bytes32 node) external view returns (address payable) {
        return payable(addresses[node]);
    }

    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory) {
        address a = addresses[node];
        if (coinType != COIN_TYPE_ETH || a == address(0)) return "";
        return abi.encodePacked(a);
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x3b3b57de // addr(bytes32)
            || interfaceId == 0xf1cb7e06; // addr(bytes32,uint256)
    }
}
