// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3Dev
/// @notice Installed with anvil_setCode at Multicall3's canonical address (0xcA11bde05977b3631167028862bE2a173976CA11)
/// on every devnet chain: wallets and the LI.FI SDK read balances through it (`aggregate3`, `getEthBalance`) and
/// assume it exists on every mainnet. Only the read functions clients use are implemented, with Multicall3's
/// signatures; written for this project.
contract Multicall3Dev {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index);

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i);
            returnData[i] = Result(success, data);
        }
    }

    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }

    function getBlockNumber() external view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    function getChainId() external view returns (uint256 chainid) {
        chainid = block.chainid;
    }
}
