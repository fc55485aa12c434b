// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IEnsRegistryResolver {
    function resolver(bytes32 node) external view returns (address);
}

/// @title EnsUniversalResolverDev
/// @notice Installed with anvil_setCode at ENS's Universal Resolver address (0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe)
/// on the devnet's Ethereum: `resolveWithGateways(name, data, gateways)` and `resolve(name, data)` with the real
/// one's signatures, answers and errors, which viem's getEnsAddress reads. The DNS-encoded name is hashed (ENSIP-1's
/// namehash), the registry names its resolver, and the call is made on it. Names resolve on chain only: the exact
/// name's own resolver (no wildcard resolution through a parent's, ENSIP-10) and no off-chain lookup (EIP-3668), so
/// `gateways` is not used. Written for this project.
contract EnsUniversalResolverDev {
    IEnsRegistryResolver public constant REGISTRY = IEnsRegistryResolver(0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e);

    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error UnsupportedResolverProfile(bytes4 selector);
    error ResolverError(bytes errorData);

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        return _resolve(name, data);
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
        return _resolve(name, data);
    }

    function _resolve(bytes calldata name, bytes calldata data) private view returns (bytes memory, address) {
        address resolver = REGISTRY.resolver(_namehash(name, 0));
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        (bool ok, bytes memory result) = resolver.staticcall(data);
        if (!ok) revert ResolverError(result);
        // A resolver without the function asked for answers nothing (or reverts, above).
        if (result.length == 0) revert UnsupportedResolverProfile(bytes4(data));
        return (result, resolver);
    }

    /// @dev The namehash of the DNS-encoded name from `offset`: each label is its length then its bytes, ending in 0.
    function _namehash(bytes calldata name, uint256 offset) private pure returns (bytes32) {
        if (offset >= name.length) revert DNSDecodingFailed(name);
        uint256 length = uint8(name[offset]);
        if (length == 0) {
            if (offset + 1 != name.length) revert DNSDecodingFailed(name);
            return bytes32(0);
        }
        uint256 end = offset + 1 + length;
        if (end >= name.length) revert DNSDecodingFailed(name);
        return keccak256(abi.encodePacked(_namehash(name, end), keccak256(name[offset + 1:end])));
    }
}
