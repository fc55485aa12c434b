// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title LiFiDevFacetBase
/// @notice What every facet of the devnet's LI.FI diamond shares (contracts/LiFiDiamondDev.sol and the
/// LiFiDev*Facet.sol files it delegates to): LI.FI's BridgeData and SwapData layouts and events, taking the sender's
/// funds, source swaps through the devnet's BridgeRouter, and the deposit into the BridgeRouter that stands for the
/// real bridge (the devnet relayer fills it on the destination). Facets run by delegatecall in the diamond's
/// storage, so the one state variable here (the reentrancy lock, slot 0) is the diamond's; a facet keeping its own
/// state does so at a namespaced slot. Written for this project from LI.FI's documented behaviour; no code is taken
/// from lifinance/contracts.
abstract contract LiFiDevFacetBase {
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

    /// What a facet hands the BridgeRouter: where the funds go and the least the bridge promises on chain.
    struct Delivery {
        /// The BridgeRouter's tool key (the relayer's timing and the status's `tool`).
        bytes32 tool;
        /// The token paid on an EVM destination (zero: the native coin).
        address token;
        /// The least the bridge pays, from the facet's calldata; zero when only the bridge's off-chain quote says.
        uint256 minAmount;
        /// Who gets the bridged funds back when the transfer cannot complete.
        address refundTo;
        /// For a Solana destination: the receiver's key and the SPL mint paid.
        bytes32 nonEvmReceiver;
        bytes32 nonEvmToken;
    }

    /// src/contracts/router.ts: ROUTER_ADDRESS, the devnet's DEX and bridge.
    address internal constant ROUTER = 0xB71D6e00000000000000000000000000000c0de1;
    /// LiFiData.sol's marker for a receiver that is not an EVM address.
    address internal constant NON_EVM_ADDRESS = 0x11f111f111f111F111f111f111F111f111f111F1;
    /// LI.FI's chain ID for Solana (LiFiData.sol), the one non-EVM destination the devnet runs.
    uint256 internal constant LIFI_CHAIN_ID_SOLANA = 1151111081099710;
    /// BridgeRouter.swap(address,address,uint256,uint256,address): the one call a SwapData may make.
    bytes4 private constant ROUTER_SWAP = bytes4(keccak256("swap(address,address,uint256,uint256,address)"));
    /// contracts/LiFiDevGasZipPeriphery.sol, at production's GasZipPeriphery address on the devnet's four chains.
    address internal constant GAS_ZIP_PERIPHERY = 0x363d698649cd04f9692Ab86e8365b227c1ee859d;
    bytes4 private constant GAS_ZIP_ERC20 =
        bytes4(keccak256("depositToGasZipERC20((address,address,address,address,uint256,bytes,bool),(bytes32,uint256))"));
    bytes4 private constant GAS_ZIP_NATIVE = bytes4(keccak256("depositToGasZipNative((bytes32,uint256),uint256)"));
    /// The coins the devnet's bridges carry between its chains (_counterpart).
    uint8 internal constant COIN_NONE = 0;
    uint8 internal constant COIN_USDC = 1;
    uint8 internal constant COIN_USDT = 2;
    uint8 internal constant COIN_ETH = 3;
    /// SPL mints of USDC and USDT on Solana, as 32-byte keys.
    bytes32 internal constant SOLANA_USDC = 0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61;
    bytes32 internal constant SOLANA_USDT = 0xce010e60afedb22717bd63192f54145a3f965a33bb82d2c7029eb2ce1e208264;

    uint256 private reentrancyLock;

    event LiFiTransferStarted(BridgeData bridgeData);
    event AssetSwapped(
        bytes32 transactionId,
        address dex,
        address fromAssetId,
        address toAssetId,
        uint256 fromAmount,
        uint256 toAmount,
        uint256 timestamp
    );
    event BridgeToNonEVMChain(bytes32 indexed transactionId, uint256 indexed destinationChainId, bytes receiver);
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
    error UnsupportedChain(uint256 chainId);

    modifier nonReentrant() {
        if (reentrancyLock != 0) revert ReentrancyError();
        reentrancyLock = 1;
        _;
        reentrancyLock = 0;
    }

    // ---------------------------------------------------------------- entry points every bridge facet shares

    /// startBridgeTokensVia*: the bridge data is checked and its `minAmount` taken from the sender (plus `_fee` in
    /// the native coin, which the facet pays its bridge).
    function _takeForBridge(BridgeData memory _bridgeData, uint256 _fee) internal {
        _validateBridgeData(_bridgeData);
        if (_bridgeData.hasSourceSwaps) revert InformationMismatch();
        if (_bridgeData.hasDestinationCall) revert DestinationCallsUnsupported();
        _deposit(_bridgeData.sendingAssetId, _bridgeData.minAmount, _fee);
    }

    /// swapAndStartBridgeTokensVia*: the swaps run first and what they deliver (at least `minAmount`) is bridged,
    /// so `minAmount` becomes that amount, as production does.
    function _swapForBridge(BridgeData memory _bridgeData, SwapData[] calldata _swapData, uint256 _fee) internal {
        if (!_bridgeData.hasSourceSwaps) revert InformationMismatch();
        _validateBridgeData(_bridgeData);
        if (_bridgeData.hasDestinationCall) revert DestinationCallsUnsupported();
        _bridgeData.minAmount = _depositAndSwap(
            _bridgeData.transactionId,
            _swapData,
            _bridgeData.sendingAssetId,
            _bridgeData.minAmount,
            _fee
        );
    }

    function _validateBridgeData(BridgeData memory _bridgeData) internal view {
        if (_bridgeData.receiver == address(0)) revert InvalidReceiver();
        if (_bridgeData.minAmount == 0) revert InvalidAmount();
        if (_bridgeData.destinationChainId == block.chainid) revert CannotBridgeToSameNetwork();
    }

    /// A non-EVM receiver must be named where the facet carries it, and only Solana is non-EVM on the devnet.
    function _checkNonEvm(BridgeData memory _bridgeData, bytes32 _receiver) internal pure {
        if (_receiver == bytes32(0)) revert InvalidNonEVMReceiver();
        if (_bridgeData.destinationChainId != LIFI_CHAIN_ID_SOLANA) revert InvalidNonEVMReceiver();
    }

    /// Deposits the bridged amount into the BridgeRouter for the relayer to pay on the destination, then emits
    /// BridgeToNonEVMChainBytes32 (for Solana) and LiFiTransferStarted as production's facets do. Returns the
    /// router's deposit id (a facet's own order id where the real bridge has one).
    function _bridgeToRouter(BridgeData memory _bridgeData, Delivery memory _delivery) internal returns (bytes32) {
        bool nonEvm = _bridgeData.receiver == NON_EVM_ADDRESS;
        if (nonEvm) _checkNonEvm(_bridgeData, _delivery.nonEvmReceiver);
        if (_delivery.refundTo == address(0)) revert InvalidCallData();
        address outputToken = nonEvm ? NON_EVM_ADDRESS : _delivery.token;
        RouterBridgeParams memory params = RouterBridgeParams({
            routeId: _bridgeData.transactionId,
            tool: _delivery.tool,
            tokenIn: _bridgeData.sendingAssetId,
            amountIn: _bridgeData.minAmount,
            bridgeToken: _bridgeData.sendingAssetId,
            minBridgeAmount: _bridgeData.minAmount,
            dstChainId: _bridgeData.destinationChainId,
            dstBridgeToken: outputToken,
            dstToken: outputToken,
            dstAmount: _delivery.minAmount,
            minDstAmount: _delivery.minAmount,
            recipient: _bridgeData.receiver
        });
        uint256 value = 0;
        if (_bridgeData.sendingAssetId == address(0)) value = _bridgeData.minAmount;
        else _approve(_bridgeData.sendingAssetId, ROUTER, _bridgeData.minAmount);
        bytes memory result;
        if (nonEvm) {
            result = _call(
                ROUTER,
                value,
                abi.encodeWithSignature(
                    "startBridgeForNonEvm((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address,bytes32,bytes32)",
                    params,
                    _delivery.refundTo,
                    _delivery.nonEvmReceiver,
                    _delivery.nonEvmToken
                )
            );
        } else {
            // With no minimum on chain the deposit says so (BridgeStartedOnQuote), rather than promise 0.
            result = _call(
                ROUTER,
                value,
                abi.encodeWithSignature(
                    _delivery.minAmount == 0
                        ? "startBridgeOnQuoteFor((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address)"
                        : "startBridgeFor((bytes32,bytes32,address,uint256,address,uint256,uint256,address,address,uint256,uint256,address),address)",
                    params,
                    _delivery.refundTo
                )
            );
        }
        return abi.decode(result, (bytes32));
    }

    /// The two events every bridge facet ends with (BridgeToNonEVMChainBytes32 only for a Solana receiver).
    function _emitStarted(BridgeData memory _bridgeData, bytes32 _nonEvmReceiver) internal {
        if (_bridgeData.receiver == NON_EVM_ADDRESS) {
            emit BridgeToNonEVMChainBytes32(_bridgeData.transactionId, _bridgeData.destinationChainId, _nonEvmReceiver);
        }
        emit LiFiTransferStarted(_bridgeData);
    }

    // ---------------------------------------------------------------- the devnet's coins on each chain

    /// Which coin `token` is on `chainId` (the devnet's chains carry the real chain IDs and token addresses).
    function _coinOf(uint256 chainId, address token) internal pure returns (uint8) {
        if (token == address(0)) return COIN_ETH;
        if (chainId == 1) {
            if (token == 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) return COIN_USDC;
            if (token == 0xdAC17F958D2ee523a2206206994597C13D831ec7) return COIN_USDT;
        } else if (chainId == 10) {
            if (token == 0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85) return COIN_USDC;
            if (token == 0x94b008aA00579c1307B0EF2c499aD98a8ce58e58) return COIN_USDT;
        } else if (chainId == 8453) {
            if (token == 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913) return COIN_USDC;
            if (token == 0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2) return COIN_USDT;
        } else if (chainId == 42161) {
            if (token == 0xaf88d065e77c8cC2239327C5EDb3A432268e5831) return COIN_USDC;
            if (token == 0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9) return COIN_USDT;
        }
        return COIN_NONE;
    }

    /// The token of `coin` on an EVM chain; reverts where the devnet has none.
    function _tokenOf(uint256 chainId, uint8 coin) internal pure returns (address) {
        if (coin == COIN_ETH && (chainId == 1 || chainId == 10 || chainId == 8453 || chainId == 42161)) {
            return address(0);
        }
        if (coin == COIN_USDC) {
            if (chainId == 1) return 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48;
            if (chainId == 10) return 0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85;
            if (chainId == 8453) return 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913;
            if (chainId == 42161) return 0xaf88d065e77c8cC2239327C5EDb3A432268e5831;
        } else if (coin == COIN_USDT) {
            if (chainId == 1) return 0xdAC17F958D2ee523a2206206994597C13D831ec7;
            if (chainId == 10) return 0x94b008aA00579c1307B0EF2c499aD98a8ce58e58;
            if (chainId == 8453) return 0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2;
            if (chainId == 42161) return 0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9;
        }
        revert UnsupportedChain(chainId);
    }

    /// The SPL mint of `coin` on Solana; reverts for a coin the devnet's Solana does not hold.
    function _solanaMintOf(uint8 coin) internal pure returns (bytes32) {
        if (coin == COIN_USDC) return SOLANA_USDC;
        if (coin == COIN_USDT) return SOLANA_USDT;
        revert UnsupportedChain(LIFI_CHAIN_ID_SOLANA);
    }

    /// The same coin as the bridged asset on the destination, for bridges whose calldata names no output token
    /// (a burn-and-mint, a pool bridge by asset id, or a solver bridge whose output is its quote's).
    function _sameCoinDelivery(
        BridgeData memory _bridgeData,
        Delivery memory _delivery,
        bytes32 _nonEvmReceiver
    ) internal view {
        uint8 coin = _coinOf(block.chainid, _bridgeData.sendingAssetId);
        if (coin == COIN_NONE) revert InvalidSendingToken();
        if (_bridgeData.receiver == NON_EVM_ADDRESS) {
            _delivery.nonEvmReceiver = _nonEvmReceiver;
            _delivery.nonEvmToken = _solanaMintOf(coin);
        } else {
            _delivery.token = _tokenOf(_bridgeData.destinationChainId, coin);
        }
    }

    // ---------------------------------------------------------------- funds and swaps

    /// Takes the first swap's input from the caller, runs the swaps in order and returns what the last delivered,
    /// which must reach `_minAmount`. `_nativeKept` is native value the call carries for something else (a bridge
    /// fee), which the swaps must not count as theirs.
    function _depositAndSwap(
        bytes32 _transactionId,
        SwapData[] calldata _swapData,
        address _expectedOutput,
        uint256 _minAmount,
        uint256 _nativeKept
    ) internal returns (uint256 received) {
        if (_swapData.length == 0) revert NoSwapDataProvided();
        address input = _swapData[0].sendingAssetId;
        _deposit(input, _swapData[0].fromAmount, _nativeKept);
        for (uint256 i = 0; i < _swapData.length; i++) {
            if (i > 0 && _swapData[i].sendingAssetId != _swapData[i - 1].receivingAssetId) revert InvalidCallData();
            received = _swap(_transactionId, _swapData[i]);
        }
        address output = _swapData[_swapData.length - 1].receivingAssetId;
        // For a bridge, the swaps must end in the asset BridgeData says is sent.
        if (_expectedOutput != input && output != _expectedOutput) revert InformationMismatch();
        if (received < _minAmount) revert CumulativeSlippageTooHigh(_minAmount, received);
    }

    /// One allowed call: the BridgeRouter's swap, or Gas.zip's periphery taking part of the asset for gas on arrival
    /// (contracts/LiFiDevGasZipPeriphery.sol). The output is what this contract's balance of the receiving asset grew
    /// by; for a step that keeps its asset (the periphery's), what is left of the step's input.
    function _swap(bytes32 _transactionId, SwapData calldata _swapCall) internal returns (uint256 received) {
        bool gasZip = _swapCall.callTo == GAS_ZIP_PERIPHERY;
        if (_swapCall.approveTo != _swapCall.callTo || (!gasZip && _swapCall.callTo != ROUTER)) {
            revert ContractCallNotAllowed();
        }
        bytes4 selector = _swapCall.callData.length < 4 ? bytes4(0) : bytes4(_swapCall.callData[:4]);
        if (gasZip ? (selector != GAS_ZIP_ERC20 && selector != GAS_ZIP_NATIVE) : selector != ROUTER_SWAP) {
            revert ContractCallNotAllowed();
        }
        if (gasZip && _swapCall.receivingAssetId != _swapCall.sendingAssetId) revert InvalidCallData();
        if (_swapCall.fromAmount == 0) revert InvalidAmount();
        uint256 before = _balanceOf(_swapCall.receivingAssetId);
        uint256 value = 0;
        if (_swapCall.sendingAssetId == address(0)) value = _swapCall.fromAmount;
        else _approve(_swapCall.sendingAssetId, _swapCall.approveTo, _swapCall.fromAmount);
        _call(_swapCall.callTo, value, _swapCall.callData);
        if (gasZip) {
            // The periphery pulled its part of the approved input: no allowance is left behind.
            if (_swapCall.sendingAssetId != address(0)) {
                _callToken(
                    _swapCall.sendingAssetId,
                    abi.encodeWithSignature("approve(address,uint256)", _swapCall.approveTo, 0)
                );
            }
            received = _balanceOf(_swapCall.receivingAssetId) + _swapCall.fromAmount - before;
        } else {
            received = _balanceOf(_swapCall.receivingAssetId) - before;
        }
        emit AssetSwapped(
            _transactionId,
            _swapCall.callTo,
            _swapCall.sendingAssetId,
            _swapCall.receivingAssetId,
            _swapCall.fromAmount,
            received,
            block.timestamp
        );
    }

    /// Native: the call's value must be exactly the amount plus `_fee`, native value the call carries for the
    /// bridge (nothing is left behind). ERC-20: pulled after approval, the call's value being the fee alone.
    function _deposit(address _asset, uint256 _amount, uint256 _fee) internal {
        if (_amount == 0) revert InvalidAmount();
        if (_asset == address(0)) {
            if (msg.value != _amount + _fee) revert NativeValueMismatch(msg.value, _amount + _fee);
            return;
        }
        if (msg.value != _fee) revert NativeValueMismatch(msg.value, _fee);
        _callToken(
            _asset,
            abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, address(this), _amount)
        );
    }

    function _transfer(address _asset, address _to, uint256 _amount) internal {
        if (_asset == address(0)) {
            (bool ok, ) = _to.call{value: _amount}("");
            if (!ok) revert NativeAssetTransferFailed();
        } else {
            _callToken(_asset, abi.encodeWithSignature("transfer(address,uint256)", _to, _amount));
        }
    }

    /// Exact approvals, reset to zero first (USDT on Ethereum refuses to change a non-zero allowance).
    function _approve(address _token, address _spender, uint256 _amount) internal {
        _callToken(_token, abi.encodeWithSignature("approve(address,uint256)", _spender, 0));
        _callToken(_token, abi.encodeWithSignature("approve(address,uint256)", _spender, _amount));
    }

    function _balanceOf(address _asset) internal view returns (uint256) {
        if (_asset == address(0)) return address(this).balance;
        (bool ok, bytes memory result) = _asset.staticcall(
            abi.encodeWithSignature("balanceOf(address)", address(this))
        );
        if (!ok || result.length < 32) revert TokenCallFailed(_asset);
        return abi.decode(result, (uint256));
    }

    /// Bubbles the callee's revert data, so a failed transaction's cause stays decodable.
    function _call(address _to, uint256 _value, bytes memory _data) internal returns (bytes memory result) {
        bool ok;
        (ok, result) = _to.call{value: _value}(_data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function _callToken(address _token, bytes memory _data) internal {
        if (_token.code.length == 0) revert TokenCallFailed(_token);
        (bool ok, bytes memory result) = _token.call(_data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        if (result.length != 0 && !abi.decode(result, (bool))) revert TokenCallFailed(_token);
    }

    /// A native fee the facet's bridge charges (LayerZero's, Glacis's, DLN's): paid to where that bridge collects it.
    function _payBridgeFee(address _collector, uint256 _fee) internal {
        if (_fee > 0) _transfer(address(0), _collector, _fee);
    }

    /// 20 bytes of an EVM address as the right-aligned 32-byte word most bridges use.
    function _word(address _account) internal pure returns (bytes32) {
        return bytes32(uint256(uint160(_account)));
    }
}
