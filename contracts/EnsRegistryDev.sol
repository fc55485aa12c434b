// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title EnsRegistryDev
/// @notice Installed with anvil_setCode at the ENS registry's address (0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e) on
/// the devnet's Ethereum: who owns a name (a namehash) and which resolver answers for it, with the real registry's
/// function signatures and events. No constructor runs under anvil_setCode, so the root's owner is set once by
/// `initialize`. Only what name resolution and the devnet's registrations use: no operators, no TTLs. Written for
/// this project.
contract EnsRegistryDev {
    struct Record {
        address owner;
        address resolver;
    }

    mapping(bytes32 node => Record) private records;

    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event Transfer(bytes32 indexed node, address owner);
    event NewResolver(bytes32 indexed node, address resolver);

    error AlreadyInitialised();
    error Unauthorised(bytes32 node, address caller);

    modifier authorised(bytes32 node) {
        if (records[node].owner != msg.sender) revert Unauthorised(node, msg.sender);
        _;
    }

    /// @notice Gives the root (node 0) to `rootOwner`, once: the real registry's constructor does this.
    function initialize(address rootOwner) external {
        if (records[bytes32(0)].owner != address(0)) revert AlreadyInitialised();
        records[bytes32(0)].owner = rootOwner;
        emit Transfer(bytes32(0), rootOwner);
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }

    function recordExists(bytes32 node) external view returns (bool) {
        return records[node].owner != address(0);
    }

    function setOwner(bytes32 node, address newOwner) external authorised(node) {
        records[node].owner = newOwner;
        emit Transfer(node, newOwner);
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner)
        external
        authorised(node)
        returns (bytes32 subnode)
    {
        subnode = keccak256(abi.encodePacked(node, label));
        records[subnode].owner = newOwner;
        emit NewOwner(node, label, newOwner);
    }

    function setResolver(bytes32 node, address newResolver) external authorised(node) {
        records[node].resolver = newResolver;
        emit NewResolver(node, newResolver);
    }
}
