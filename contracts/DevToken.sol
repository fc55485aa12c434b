// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevToken
/// @notice Minimal ERC-20 for the local devnet. The devnet installs this code with anvil_setCode at the real
/// addresses of tokens (USDC, USDT, DAI, WETH...), so there is no constructor: the devnet calls `initialize` once.
/// `approveResetRequired` reproduces USDT on Ethereum, which rejects changing a non-zero allowance to another
/// non-zero value, so wallets are tested against that behaviour.
contract DevToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    bool public approveResetRequired;
    address public owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error AlreadyInitialized();
    error NotOwner();
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error ApproveFromNonZero(uint256 currentAllowance);
    error ZeroAddress();

    function initialize(
        string calldata name_,
        string calldata symbol_,
        uint8 decimals_,
        bool approveResetRequired_,
        address owner_
    ) external {
        if (owner != address(0)) revert AlreadyInitialized();
        if (owner_ == address(0)) revert ZeroAddress();
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        approveResetRequired = approveResetRequired_;
        owner = owner_;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != owner) revert NotOwner();
        if (to == address(0)) revert ZeroAddress();
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(msg.sender, allowed, amount);
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        uint256 current = allowance[msg.sender][spender];
        if (approveResetRequired && amount != 0 && current != 0) revert ApproveFromNonZero(current);
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        if (to == address(0)) revert ZeroAddress();
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
