// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title LiFiDiamondDev
/// @notice The devnet's stand-in for LI.FI's diamond, installed with anvil_setCode at LI.FI's real diamond address
/// (0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE) on every devnet chain. It is one contract, not a diamond, but it
/// exposes the real facet functions with their real argument layouts (lifinance/contracts: ILiFi.BridgeData,
/// LibSwap.SwapData, AcrossFacetV4, GenericSwapFacetV3), so calldata built for production executes here unchanged.
/// Written for this project from the facets' documented behaviour; no code is taken from lifinance/contracts.
///
/// Where the money goes: swaps call the devnet's BridgeRouter (the only allowed DEX, and only its `swap`), with
/// their output measured by balance difference; bridging deposits into the BridgeRouter with `startBridgeFor`
/// (Across's spoke-pool `deposit`: the refund address is the depositor), which the devnet relayer fills on the
/// destination with exactly `outputAmount` of the output token. The zero address stands for the native coin.
contract LiFiDiamondDev {
    struct BridgeData {
        bytes32 transactionId;
        string bridge;
        string integrator;
        address referrer;
        address sendingAssetId;
        address receiver;
        uint256 minAmount;
        uint256 destinationChainId;
        bool hasSourceSwaps;
        bool hasDestinationCall;
    }

    struct SwapData {
        address callTo;
        address approveTo;
        address sendingAssetId;
        address receivingAssetId;
        uint256 fromAmount;
        bytes callData;
        bool requiresDeposit;
    }

    struct AcrossV4Data {
        bytes32 receiverAddress;
        bytes32 refundAddress;
        bytes32 sendingAssetId;
        bytes32 receivingAssetId;
        uint256 outputAmount;
        uint128 outputAmountMultiplier;
        bytes32 exclusiveRelayer;
        uint32 quoteTimestamp;
        uint32 fillDeadline;
        uint32 exclusivityParameter;
        bytes message;
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

    /// src/contracts/router.ts: ROUTER_ADDRESS, the devnet's DEX and bridge.
    address public constant ROUTER = 0xB71D6e00000000000000000000000000000c0de1;
    /// LiFiData.sol's marker for a receiver that is not an EVM address.
    address public constant NON_EVM_ADDRESS = 0x11f111f111f111F111f111f111F111f111f111F1;
    /// LI.FI's chain ID for Solana (LiFiData.sol), the one non-EVM destination the devnet runs.
    uint256 public constant LIFI_CHAIN_ID_SOLANA = 1151111081099710;
    uint256 public constant MULTIPLIER_BASE = 1e18;
    /// BridgeRouter.swap(address,address,uint256,uint256,address): the one call a SwapData may make.
    bytes4 private constant ROUTER_SWAP = bytes4(keccak256("swap(address,address,uint256,uint256,address)"));
    bytes32 private constant ACROSS_TOOL = "across";

    uint256 private reentrancyLock;

    event LiFiTransferStarted(BridgeData bridgeData);
    event LiFiGenericSwapCompleted(
        bytes32 indexed transactionId,
        string integrator,
        string referrer,
        address receiver,
        address fromAssetId,
        address toAssetId,
        uint256 fromAmount,
        uint256 toAmount
    );
    event AssetSwapped(
        bytes32 transactionId,
        address dex,
        address fromAssetId,
        address toAssetId,
        uint256 fromAmount,
        uint256 toAmount,
        uint256 timestamp
    );
    event BridgeToNonEVMChainBytes32(
        bytes32 indexed transactionId,
        uint256 indexed destinationChainId,
        bytes32 receiver
    );

    error ReentrancyError();
    error InvalidReceiver();
    error InvalidNonEVMReceiver();
    error InvalidAmount();
    error CannotBridgeToSameNetwork();
    error InformationMismatch();
    error InvalidCallData();
    error NoSwapDataProvided();
    error ContractCallNotAllowed();
    error InvalidSendingToken();
    error CumulativeSlippageTooHigh(uint256 minAmount, uint256 receivedAmount);
    error NativeValueMismatch(uint256 value, uint256 expected);
    error NativeAssetTransferFailed();
    error TokenCallFailed(address token);
    error DestinationCallsUnsupported();

    modifier nonReentrant() {
        if (reentrancyLock != 0) revert ReentrancyError();
        reentrancyLock = 1;
        _;
        reentrancyLock = 0;
    }

    /// The router pays native swap outputs to this contract.
    receive() external payable {}

    // ---------------------------------------------------------------- AcrossFacetV4

    function startBridgeTokensViaAcrossV4(
        BridgeData memory _bridgeData,
        AcrossV4Data calldata _acrossData
    ) external payable nonReentrant {
        _validateBridgeData(_bridgeData);
        if (_bridgeData.hasSourceSwaps) revert InformationMismatch();
        _deposit(_bridgeData.sendingAssetId, _bridgeData.minAmount, _nativeIn(_bridgeData.sendingAssetId));
        _startBridge(_bridgeData, _acrossData, _acrossData.outputAmount);
    }

    function swapAndStartBridgeTokensViaAcrossV4(
        BridgeData memory _bridgeData,
        SwapData[] calldata _swapData,
        AcrossV4Data calldata _acrossData
    ) external payable nonReentrant {
        if (!_bridgeData.hasSourceSwaps) revert InformationMismatch();
        _validateBridgeData(_bridgeData);
        // minAmount is the least the swaps must deliver; what they do deliver is bridged, and the output amount
        // follows it through the multiplier (as production does: outputAmount = bridged * multiplier / 1e18).
        uint256 bridged = _depositAndSwap(
            _bridgeData.transactionId,
            _swapData,
            _bridgeData.sendingAssetId,
            _bridgeData.minAmount
        );
        _bridgeData.minAmount = bridged;
        _startBridge(_bridgeData, _acrossData, (bridged * _acrossData.outputAmountMultiplier) / MULTIPLIER_BASE);
    }

    // ---------------------------------------------------------------- GenericSwapFacetV3

    function swapTokensSingleV3ERC20ToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) external nonReentrant {
        _singleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensSingleV3ERC20ToNative(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) external nonReentrant {
        _singleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensSingleV3NativeToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) external payable nonReentrant {
        _singleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensMultipleV3ERC20ToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) external nonReentrant {
        _multipleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensMultipleV3ERC20ToNative(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) external nonReentrant {
        _multipleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    function swapTokensMultipleV3NativeToERC20(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) external payable nonReentrant {
        _multipleSwap(_transactionId, _integrator, _referrer, _receiver, _minAmountOut, _swapData);
    }

    // ---------------------------------------------------------------- internals

    function _validateBridgeData(BridgeData memory _bridgeData) private view {
        if (_bridgeData.receiver == address(0)) revert InvalidReceiver();
        if (_bridgeData.minAmount == 0) revert InvalidAmount();
        if (_bridgeData.destinationChainId == block.chainid) revert CannotBridgeToSameNetwork();
    }

    /// Across's pool's wrapped native token per chain (src/contracts/acrossSpokePool.ts holds the same table; the
    /// devnet's chains carry the real chain IDs), or zero where it is not listed.
    function _acrossWrappedNative(uint256 chainId) private pure returns (address) {
        if (chainId == 1) return 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2;
        if (chainId == 10 || chainId == 8453) return 0x4200000000000000000000000000000000000006;
        if (chainId == 137) return 0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270;
        if (chainId == 42161) return 0x82aF49447D8a07e3bd95BD0d56f35241523fBab1;
        return address(0);
    }

    /// What Across's destination pool pays for `token`: it unwraps its wrapped native token into the native coin
    /// (SpokePool._transferTokensToRecipient, with no message), so LI.FI names WETH for an ETH delivery.
    function _acrossDelivered(uint256 chainId, address token) private pure returns (address) {
        address wrapped = _acrossWrappedNative(chainId);
        return wrapped != address(0) && token == wrapped ? address(0) : token;
    }

    function _startBridge(
        BridgeData memory _bridgeData,
        AcrossV4Data calldata _acrossData,
        uint256 _outputAmount
    ) private {
        if ((_acrossData.message.length > 0) != _bridgeData.hasDestinationCall) revert InformationMismatch();
        // Destination calls need Across's message handler on the destination: the devnet has none.
        if (_bridgeData.hasDestinationCall) revert DestinationCallsUnsupported();
        bool nonEvm = _bridgeData.receiver == NON_EVM_ADDRESS;
        if (nonEvm) {
            // As production: the real receiver is the bridge data's 32-byte key, and only Solana is non-EVM here.
            if (_acrossData.receiverAddress == bytes32(0)) revert InvalidNonEVMReceiver();
            if (_bridgeData.destinationChainId != LIFI_CHAIN_ID_SOLANA) revert InvalidNonEVMReceiver();
        } else if (_acrossData.receiverAddress != bytes32(uint256(uint160(_bridgeData.receiver)))) {
            revert InvalidReceiver();
        }
        if (_acrossData.refundAddress == bytes32(0)) revert InvalidCallData();
        // Across deposits an ERC-20: the native coin goes in as this chain's wrapped native token, as production names it.
        address acrossInput = _bridgeData.sendingAssetId == address(0)
            ? _acrossWrappedNative(block.chainid)
            : _bridgeData.sendingAssetId;
        if (_acrossData.sendingAssetId != bytes32(uint256(uint160(acrossInput)))) revert InvalidSendingToken();
        if (_outputAmount == 0) revert InvalidAmount();
        address outputToken = nonEvm
            ? NON_EVM_ADDRESS
            : _acrossDelivered(_bridgeData.destinationChainId, address(uint160(uint256(_acrossData.receivingAssetId))));
        address refundTo = address(uint160(uint256(_acrossData.refundAddress)));
        RouterBridgeParams memory params = RouterBridgeParams({
            routeId: _bridgeData.transactionId,
            tool: ACROSS_TOOL,
            tokenIn: _bridgeData.sendingAssetId,
            amountIn: _bridgeData.minAmount,
            bridgeToken: _bridgeData.sendingAssetId,
            minBridgeAmount: _bridgeData.minAmount,
            dstChainId: _bridgeData.destinationChainId,
            dstBridgeToken: outputToken,
            dstToken: outputToken,
            dstAmount: _outputAmount,
            minDstAmount: _outputAmount,
            recipient: _bridgeData.receiver
        });
        uint256 value = 0;
        if (_bridgeData.sendingAssetId == address(0)) value = _bridgeData.minAmount;
        else _approve(_bridgeData.sendingAssetId, ROUTER, _bridgeData.minAmount);
        if (nonEvm) {
            _call(
                ROUTER,
                value,
                abi.encodeWithSignature(
                    "startBridgeForNonEvm((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address,bytes32,bytes32)",
                    params,
                    refundTo,
                    _acrossData.receiverAddress,
                    _acrossData.receivingAssetId
                )
            );
            emit BridgeToNonEVMChainBytes32(
                _bridgeData.transactionId,
                _bridgeData.destinationChainId,
                _acrossData.receiverAddress
            );
        } else {
            _call(
                ROUTER,
                value,
                abi.encodeWithSignature(
                    "startBridgeFor((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address)",
                    params,
                    refundTo
                )
            );
        }
        emit LiFiTransferStarted(_bridgeData);
    }

    function _singleSwap(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData calldata _swapData
    ) private {
        if (_receiver == address(0)) revert InvalidReceiver();
        _deposit(_swapData.sendingAssetId, _swapData.fromAmount, _nativeIn(_swapData.sendingAssetId));
        uint256 received = _swap(_transactionId, _swapData);
        _finishSwap(
            _transactionId,
            _integrator,
            _referrer,
            _receiver,
            _minAmountOut,
            _swapData.sendingAssetId,
            _swapData.receivingAssetId,
            _swapData.fromAmount,
            received
        );
    }

    function _multipleSwap(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address payable _receiver,
        uint256 _minAmountOut,
        SwapData[] calldata _swapData
    ) private {
        if (_receiver == address(0)) revert InvalidReceiver();
        uint256 received = _depositAndSwap(_transactionId, _swapData, _swapData[0].sendingAssetId, _minAmountOut);
        SwapData calldata last = _swapData[_swapData.length - 1];
        _finishSwap(
            _transactionId,
            _integrator,
            _referrer,
            _receiver,
            _minAmountOut,
            _swapData[0].sendingAssetId,
            last.receivingAssetId,
            _swapData[0].fromAmount,
            received
        );
    }

    function _finishSwap(
        bytes32 _transactionId,
        string calldata _integrator,
        string calldata _referrer,
        address _receiver,
        uint256 _minAmountOut,
        address _fromAsset,
        address _toAsset,
        uint256 _fromAmount,
        uint256 _received
    ) private {
        if (_received < _minAmountOut) revert CumulativeSlippageTooHigh(_minAmountOut, _received);
        _transfer(_toAsset, _receiver, _received);
        emit LiFiGenericSwapCompleted(
            _transactionId,
            _integrator,
            _referrer,
            _receiver,
            _fromAsset,
            _toAsset,
            _fromAmount,
            _received
        );
    }

    /// Takes the first swap's input from the caller, runs the swaps in order and returns what the last delivered,
    /// which must reach `_minAmount`.
    function _depositAndSwap(
        bytes32 _transactionId,
        SwapData[] calldata _swapData,
        address _expectedOutput,
        uint256 _minAmount
    ) private returns (uint256 received) {
        if (_swapData.length == 0) revert NoSwapDataProvided();
        address input = _swapData[0].sendingAssetId;
        _deposit(input, _swapData[0].fromAmount, _nativeIn(input));
        for (uint256 i = 0; i < _swapData.length; i++) {
            if (i > 0 && _swapData[i].sendingAssetId != _swapData[i - 1].receivingAssetId) revert InvalidCallData();
            received = _swap(_transactionId, _swapData[i]);
        }
        address output = _swapData[_swapData.length - 1].receivingAssetId;
        // For a bridge, the swaps must end in the asset BridgeData says is sent.
        if (_expectedOutput != input && output != _expectedOutput) revert InformationMismatch();
        if (received < _minAmount) revert CumulativeSlippageTooHigh(_minAmount, received);
    }

    /// One allowed DEX call; the output is what this contract's balance of the receiving asset grew by.
    function _swap(bytes32 _transactionId, SwapData calldata _swap) private returns (uint256 received) {
        if (_swap.callTo != ROUTER || _swap.approveTo != ROUTER) revert ContractCallNotAllowed();
        if (_swap.callData.length < 4 || bytes4(_swap.callData[:4]) != ROUTER_SWAP) revert ContractCallNotAllowed();
        if (_swap.fromAmount == 0) revert InvalidAmount();
        uint256 before = _balanceOf(_swap.receivingAssetId);
        uint256 value = 0;
        if (_swap.sendingAssetId == address(0)) value = _swap.fromAmount;
        else _approve(_swap.sendingAssetId, _swap.approveTo, _swap.fromAmount);
        _call(_swap.callTo, value, _swap.callData);
        received = _balanceOf(_swap.receivingAssetId) - before;
        emit AssetSwapped(
            _transactionId,
            _swap.callTo,
            _swap.sendingAssetId,
            _swap.receivingAssetId,
            _swap.fromAmount,
            received,
            block.timestamp
        );
    }

    function _nativeIn(address _asset) private view returns (uint256) {
        return _asset == address(0) ? msg.value : 0;
    }

    /// Native: the call's value must be exactly the amount (nothing is left behind). ERC-20: pulled after approval.
    function _deposit(address _asset, uint256 _amount, uint256 _nativeValue) private {
        if (_amount == 0) revert InvalidAmount();
        if (_asset == address(0)) {
            if (_nativeValue != _amount) revert NativeValueMismatch(_nativeValue, _amount);
            return;
        }
        if (msg.value != 0) revert NativeValueMismatch(msg.value, 0);
        _callToken(
            _asset,
            abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, address(this), _amount)
        );
    }

    function _transfer(address _asset, address _to, uint256 _amount) private {
        if (_asset == address(0)) {
            (bool ok, ) = _to.call{value: _amount}("");
            if (!ok) revert NativeAssetTransferFailed();
        } else {
            _callToken(_asset, abi.encodeWithSignature("transfer(address,uint256)", _to, _amount));
        }
    }

    /// Exact approvals, reset to zero first (USDT on Ethereum refuses to change a non-zero allowance).
    function _approve(address _token, address _spender, uint256 _amount) private {
        _callToken(_token, abi.encodeWithSignature("approve(address,uint256)", _spender, 0));
        _callToken(_token, abi.encodeWithSignature("approve(address,uint256)", _spender, _amount));
    }

    function _balanceOf(address _asset) private view returns (uint256) {
        if (_asset == address(0)) return address(this).balance;
        (bool ok, bytes memory result) = _asset.staticcall(
            abi.encodeWithSignature("balanceOf(address)", address(this))
        );
        if (!ok || result.length < 32) revert TokenCallFailed(_asset);
        return abi.decode(result, (uint256));
    }

    /// Bubbles the callee's revert data, so a failed transaction's cause stays decodable.
    function _call(address _to, uint256 _value, bytes memory _data) private {
        (bool ok, bytes memory result) = _to.call{value: _value}(_data);
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
