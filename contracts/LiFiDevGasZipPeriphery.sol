// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title GasZipPeripheryDev
/// @notice The devnet's GasZipPeriphery (production: a periphery contract of LI.FI's diamond, documented in
/// lifinance/contracts docs/GasZipPeriphery.md). It is called as one LibSwap.SwapData step of a bridge call, which is
/// how LI.FI's API turns `fromAmountForGas` into gas on arrival: part of the token sent becomes the native coin and is
/// deposited with Gas.zip for the receiver on the destination chain, the rest is bridged. Here Gas.zip's router is the
/// devnet's BridgeRouter (a deposit with tool gasZipBridge and a minimum of what was deposited, which the relayer pays
/// 1:1 in the destination's native coin), and the one swap it may make is the BridgeRouter's. Written for this project
/// from LI.FI's documented behaviour; no code is taken from lifinance/contracts.
contract GasZipPeripheryDev {
    struct SwapData {
        address callTo;
        address approveTo;
        address sendingAssetId;
        address receivingAssetId;
        uint256 fromAmount;
        bytes callData;
        bool requiresDeposit;
    }

    /// Production's layout: the receiver left-aligned in 32 bytes (an EVM address, then twelve zero bytes), and
    /// Gas.zip's short chain ids packed 16 bits each (one chain only here).
    struct GasZipData {
        bytes32 receiverAddress;
        uint256 destinationChains;
    }

    /// The BridgeRouter's deposit parameters (contracts/BridgeRouter.sol), as its ABI encodes them.
    struct RouterBridgeParams {
        bytes32 routeId;
        bytes32 tool;
        address tokenIn;
        uint256 amountIn;
        address bridgeToken;
        uint256 minBridgeAmount;
        uint256 dstChainId;
        address dstBridgeToken;
        address dstToken;
        uint256 dstAmount;
        uint256 minDstAmount;
        address recipient;
    }

    /// src/contracts/router.ts: ROUTER_ADDRESS, the devnet's DEX and (for Gas.zip) its deposit contract.
    address internal constant ROUTER = 0xB71D6e00000000000000000000000000000c0de1;
    bytes4 private constant ROUTER_SWAP = bytes4(keccak256("swap(address,address,uint256,uint256,address)"));
    bytes32 private constant TOOL = "gasZipBridge";

    error SwapOutputMustBeNative();
    error ContractCallNotAllowed();
    error InvalidCallData();
    error InvalidAmount();
    error TooManyChainIds();
    error UnsupportedChain(uint256 gasZipChainId);
    error NativeAssetTransferFailed();
    error TokenCallFailed(address token);

    /// The router pays the swap's native output here.
    receive() external payable {}

    /// Pulls `_swapData.fromAmount` of an ERC-20 from the caller (the diamond), swaps it to the native coin through
    /// the BridgeRouter and deposits all of it with Gas.zip. A swap paying anyone else leaves nothing to deposit, and
    /// reverts.
    function depositToGasZipERC20(SwapData calldata _swapData, GasZipData calldata _gasZipData) external {
        if (_swapData.receivingAssetId != address(0)) revert SwapOutputMustBeNative();
        if (_swapData.callTo != ROUTER || _swapData.approveTo != ROUTER) revert ContractCallNotAllowed();
        if (_swapData.callData.length < 4 || bytes4(_swapData.callData[:4]) != ROUTER_SWAP) {
            revert ContractCallNotAllowed();
        }
        if (_swapData.fromAmount == 0) revert InvalidAmount();
        address token = _swapData.sendingAssetId;
        _callToken(
            token,
            abi.encodeWithSignature(
                "transferFrom(address,address,uint256)",
                msg.sender,
                address(this),
                _swapData.fromAmount
            )
        );
        _callToken(token, abi.encodeWithSignature("approve(address,uint256)", ROUTER, _swapData.fromAmount));
        uint256 before = address(this).balance;
        _call(ROUTER, 0, _swapData.callData);
        _callToken(token, abi.encodeWithSignature("approve(address,uint256)", ROUTER, 0));
        _depositNative(_gasZipData, address(this).balance - before);
    }

    /// Deposits `_amount` of the native coin the call carries with Gas.zip, and returns the rest to the caller.
    function depositToGasZipNative(GasZipData calldata _gasZipData, uint256 _amount) external payable {
        if (_amount > msg.value) revert InvalidAmount();
        _depositNative(_gasZipData, _amount);
        uint256 rest = address(this).balance;
        if (rest > 0) {
            (bool ok, ) = msg.sender.call{value: rest}("");
            if (!ok) revert NativeAssetTransferFailed();
        }
    }

    /// Gas.zip's short chain ids of the devnet's chains (as contracts/LiFiDevGasZipFacet.sol reads them).
    function _chainOf(uint256 gasZipChainId) private pure returns (uint256) {
        if (gasZipChainId == 255) return 1;
        if (gasZipChainId == 55) return 10;
        if (gasZipChainId == 54) return 8453;
        if (gasZipChainId == 57) return 42161;
        revert UnsupportedChain(gasZipChainId);
    }

    function _depositNative(GasZipData calldata _gasZipData, uint256 _amount) private {
        if (_amount == 0) revert InvalidAmount();
        bytes32 word = _gasZipData.receiverAddress;
        address receiver = address(bytes20(word));
        if (receiver == address(0) || bytes32(bytes20(word)) != word) revert InvalidCallData();
        if (_gasZipData.destinationChains >> 16 != 0) revert TooManyChainIds();
        uint256 dstChainId = _chainOf(_gasZipData.destinationChains);
        RouterBridgeParams memory params = RouterBridgeParams({
            routeId: keccak256(abi.encode(msg.sender, receiver, dstChainId, _amount, block.number)),
            tool: TOOL,
            tokenIn: address(0),
            amountIn: _amount,
            bridgeToken: address(0),
            minBridgeAmount: _amount,
            dstChainId: dstChainId,
            dstBridgeToken: address(0),
            dstToken: address(0),
            dstAmount: _amount,
            minDstAmount: _amount,
            recipient: receiver
        });
        // The receiver gets the deposit back on this chain if it cannot be paid there.
        _call(
            ROUTER,
            _amount,
            abi.encodeWithSignature(
                "startBridgeFor((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address)",
                params,
                receiver
            )
        );
    }

    /// Bubbles the callee's revert data, so a failed transaction's cause stays decodable.
    function _call(address _to, uint256 _value, bytes memory _data) private returns (bytes memory result) {
        bool ok;
        (ok, result) = _to.call{value: _value}(_data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function _callToken(address _token, bytes memory _data) private {
        if (_token.code.length == 0) revert TokenCallFailed(_token);
        (bool ok, bytes memory result) = _token.call(_data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        if (result.length != 0 && !abi.decode(result, (bool))) revert TokenCallFailed(_token);
    }
}
