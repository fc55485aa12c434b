// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title BridgeRouter
/// @notice The devnet's router, installed with anvil_setCode at the same address on every chain (hence `initialize`
/// instead of a constructor). It holds constant-product pools for same-chain swaps and bridge liquidity that a
/// trusted relayer pays out on the destination chain. The user-facing ABI (swap, startBridge, getAmountOut,
/// getReserves, Swapped, BridgeStarted) is fixed by src/contracts/router.ts; a test keeps the two in step.
/// The zero address stands for the chain's native coin everywhere.
contract BridgeRouter {
    struct BridgeParams {
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

    struct Pool {
        address token0;
        address token1;
        uint256 reserve0;
        uint256 reserve1;
        uint16 feeBps;
    }

    /// Source-side record of a deposit: what a refund returns, and whether it is still open.
    struct Deposit {
        address sender;
        uint8 state; // packed with sender: a deposit costs three storage slots, not four
        address token;
        uint256 amount;
    }

    uint8 public constant DEPOSIT_PENDING = 1;
    uint8 public constant DEPOSIT_SETTLED = 2;
    uint8 public constant DEPOSIT_REFUNDED = 3;

    /// Destination-side resolution of a deposit. VOIDED is written before a refund on the source, so a deposit can
    /// never be both paid out on the destination and refunded on the source.
    uint8 public constant FILL_COMPLETED = 1;
    uint8 public constant FILL_PARTIAL = 2;
    uint8 public constant FILL_VOIDED = 3;

    uint16 private constant BPS = 10_000;

    address public owner;
    address public relayer;
    uint256 public depositCount;
    uint256 private reentrancyLock;
    bytes32[] private poolKeys;
    mapping(bytes32 => Pool) private pools;
    mapping(address => uint256) public bridgeLiquidity;
    mapping(bytes32 => Deposit) public deposits;
    mapping(bytes32 => uint8) public fillState;

    event Swapped(
        address indexed sender,
        address indexed recipient,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    );
    event BridgeStarted(bytes32 indexed depositId, address indexed sender, BridgeParams params, uint256 bridgedAmount);
    /// A deposit whose bridge's calldata names no minimum received (Relay's order, Gas.zip, Glacis...): the relayer
    /// pays what the bridge quoted off-chain. Emitted instead of BridgeStarted, whose `minDstAmount` readers take for
    /// a guaranteed minimum; here it is 0 and means none.
    event BridgeStartedOnQuote(
        bytes32 indexed depositId,
        address indexed sender,
        BridgeParams params,
        uint256 bridgedAmount
    );
    /// A deposit for a non-EVM destination (Solana): who receives there and which token, as 32-byte keys. The
    /// deposit's own `recipient`, `dstBridgeToken` and `dstToken` hold NON_EVM_ADDRESS, LI.FI's placeholder.
    event BridgeToNonEvm(bytes32 indexed depositId, bytes32 receiver, bytes32 receivingToken);
    event BridgeFilled(
        bytes32 indexed depositId,
        uint256 indexed srcChainId,
        address indexed recipient,
        address token,
        uint256 amount,
        bool partialFill
    );
    event BridgeVoided(bytes32 indexed depositId, uint256 indexed srcChainId);
    event BridgeSettled(bytes32 indexed depositId);
    event BridgeRefunded(bytes32 indexed depositId, address indexed sender, address token, uint256 amount);
    event LiquidityAdded(address indexed token0, address indexed token1, uint256 amount0, uint256 amount1);
    event BridgeLiquidityChanged(address indexed token, uint256 balance);

    error AlreadyInitialized();
    error NotOwner();
    error NotRelayer();
    error Reentrancy();
    error InvalidAmount();
    error InvalidParams();
    error NativeValueMismatch(uint256 value, uint256 expected);
    error PoolNotFound(address tokenA, address tokenB);
    error InsufficientLiquidity(address token, uint256 available, uint256 needed);
    error SlippageExceeded(uint256 amountOut, uint256 minAmountOut);
    error InsufficientBridgeLiquidity(address token, uint256 available, uint256 needed);
    error DepositNotPending(bytes32 depositId);
    error DepositAlreadyResolved(bytes32 depositId);
    error TokenCallFailed(address token);
    error NativeTransferFailed(address to);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier onlyRelayer() {
        if (msg.sender != relayer) revert NotRelayer();
        _;
    }

    modifier nonReentrant() {
        if (reentrancyLock != 0) revert Reentrancy();
        reentrancyLock = 1;
        _;
        reentrancyLock = 0;
    }

    function initialize(address owner_, address relayer_) external {
        if (owner != address(0)) revert AlreadyInitialized();
        if (owner_ == address(0)) revert InvalidParams();
        owner = owner_;
        relayer = relayer_;
    }

    function setRelayer(address relayer_) external onlyOwner {
        relayer = relayer_;
    }

    // ---------------------------------------------------------------- same-chain swaps

    function swap(
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 minAmountOut,
        address recipient
    ) external payable nonReentrant returns (uint256 amountOut) {
        if (recipient == address(0)) revert InvalidParams();
        _pull(tokenIn, msg.sender, amountIn);
        amountOut = _swap(tokenIn, tokenOut, amountIn);
        if (amountOut < minAmountOut) revert SlippageExceeded(amountOut, minAmountOut);
        _pay(tokenOut, recipient, amountOut);
        emit Swapped(msg.sender, recipient, tokenIn, tokenOut, amountIn, amountOut);
    }

    function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256 amountOut) {
        (uint256 reserveIn, uint256 reserveOut, uint16 feeBps) = _reservesFor(tokenIn, tokenOut);
        return _amountOut(amountIn, reserveIn, reserveOut, feeBps);
    }

    /// Returns (0, 0) for a pair without a pool, so callers can probe pairs without handling reverts.
    function getReserves(address tokenA, address tokenB) external view returns (uint256 reserveA, uint256 reserveB) {
        Pool storage pool = pools[_poolKey(tokenA, tokenB)];
        if (pool.token0 == pool.token1) return (0, 0);
        return tokenA == pool.token0 ? (pool.reserve0, pool.reserve1) : (pool.reserve1, pool.reserve0);
    }

    /// Every pool in one call: the devnet mirrors reserves after each block with it.
    function getPools() external view returns (Pool[] memory all) {
        all = new Pool[](poolKeys.length);
        for (uint256 i = 0; i < poolKeys.length; i++) {
            all[i] = pools[poolKeys[i]];
        }
    }

    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountA,
        uint256 amountB,
        uint16 feeBps
    ) external payable onlyOwner nonReentrant {
        if (tokenA == tokenB || feeBps >= BPS) revert InvalidParams();
        uint256 nativeIn = (tokenA == address(0) ? amountA : 0) + (tokenB == address(0) ? amountB : 0);
        if (msg.value != nativeIn) revert NativeValueMismatch(msg.value, nativeIn);
        if (tokenA != address(0)) _pullToken(tokenA, msg.sender, amountA);
        if (tokenB != address(0)) _pullToken(tokenB, msg.sender, amountB);
        bytes32 key = _poolKey(tokenA, tokenB);
        Pool storage pool = pools[key];
        if (pool.token0 == pool.token1) {
            (pool.token0, pool.token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
            pool.feeBps = feeBps;
            poolKeys.push(key);
        }
        (uint256 amount0, uint256 amount1) = tokenA == pool.token0 ? (amountA, amountB) : (amountB, amountA);
        pool.reserve0 += amount0;
        pool.reserve1 += amount1;
        emit LiquidityAdded(pool.token0, pool.token1, amount0, amount1);
    }

    // ---------------------------------------------------------------- bridging, source side

    function startBridge(BridgeParams calldata params) external payable nonReentrant returns (bytes32 depositId) {
        return _startBridge(params, msg.sender, false);
    }

    /// As startBridge, with the refund going to `depositor` instead of the caller: the deposit of Across's spoke
    /// pool, which the LI.FI-compatible diamond (contracts/LiFiDiamondDev.sol) calls with the user's refund address.
    function startBridgeFor(
        BridgeParams calldata params,
        address depositor
    ) external payable nonReentrant returns (bytes32 depositId) {
        if (depositor == address(0)) revert InvalidParams();
        return _startBridge(params, depositor, false);
    }

    /// As startBridgeFor, for a bridge that guarantees no minimum on chain (`minDstAmount` must be 0): the deposit of
    /// the devnet diamond's facets for Relay, Gas.zip, Glacis, Chainflip and Symbiosis (BridgeStartedOnQuote).
    function startBridgeOnQuoteFor(
        BridgeParams calldata params,
        address depositor
    ) external payable nonReentrant returns (bytes32 depositId) {
        if (depositor == address(0) || params.minDstAmount != 0) revert InvalidParams();
        return _startBridge(params, depositor, true);
    }

    function _startBridge(
        BridgeParams calldata params,
        address depositor,
        bool onQuote
    ) private returns (bytes32 depositId) {
        if (params.recipient == address(0) || params.dstChainId == block.chainid) revert InvalidParams();
        _pull(params.tokenIn, msg.sender, params.amountIn);
        uint256 bridgedAmount = params.tokenIn == params.bridgeToken
            ? params.amountIn
            : _swap(params.tokenIn, params.bridgeToken, params.amountIn);
        if (bridgedAmount < params.minBridgeAmount) revert SlippageExceeded(bridgedAmount, params.minBridgeAmount);
        depositCount += 1;
        depositId = keccak256(abi.encode(block.chainid, address(this), depositCount, depositor, params.routeId));
        deposits[depositId] = Deposit(depositor, DEPOSIT_PENDING, params.bridgeToken, bridgedAmount);
        if (onQuote) emit BridgeStartedOnQuote(depositId, depositor, params, bridgedAmount);
        else emit BridgeStarted(depositId, depositor, params, bridgedAmount);
    }

    /// LI.FI's placeholder for a receiver (or token) that is not an EVM address.
    address public constant NON_EVM_ADDRESS = 0x11f111f111f111F111f111f111F111f111f111F1;

    /// As startBridge, to a non-EVM chain: `receiver` and `receivingToken` are the destination's 32-byte keys (a
    /// Solana public key and SPL mint), and the params' recipient and destination tokens are NON_EVM_ADDRESS, so no
    /// EVM-side reader can take the placeholder for a real receiver. The relayer pays on that chain.
    function startBridgeToNonEvm(
        BridgeParams calldata params,
        bytes32 receiver,
        bytes32 receivingToken
    ) external payable nonReentrant returns (bytes32 depositId) {
        return _startBridgeToNonEvm(params, msg.sender, receiver, receivingToken);
    }

    /// startBridgeToNonEvm with the refund going to `depositor` (the diamond's Across facet, as startBridgeFor).
    function startBridgeForNonEvm(
        BridgeParams calldata params,
        address depositor,
        bytes32 receiver,
        bytes32 receivingToken
    ) external payable nonReentrant returns (bytes32 depositId) {
        if (depositor == address(0)) revert InvalidParams();
        return _startBridgeToNonEvm(params, depositor, receiver, receivingToken);
    }

    function _startBridgeToNonEvm(
        BridgeParams calldata params,
        address depositor,
        bytes32 receiver,
        bytes32 receivingToken
    ) private returns (bytes32 depositId) {
        if (receiver == bytes32(0) || receivingToken == bytes32(0)) revert InvalidParams();
        if (
            params.recipient != NON_EVM_ADDRESS ||
            params.dstToken != NON_EVM_ADDRESS ||
            params.dstBridgeToken != NON_EVM_ADDRESS
        ) revert InvalidParams();
        depositId = _startBridge(params, depositor, false);
        emit BridgeToNonEvm(depositId, receiver, receivingToken);
    }

    /// After a fill, the deposit joins the source chain's bridge liquidity (the relayer is repaid in kind).
    function settle(bytes32 depositId) external onlyRelayer {
        Deposit storage deposit = deposits[depositId];
        if (deposit.state != DEPOSIT_PENDING) revert DepositNotPending(depositId);
        deposit.state = DEPOSIT_SETTLED;
        bridgeLiquidity[deposit.token] += deposit.amount;
        emit BridgeSettled(depositId);
        emit BridgeLiquidityChanged(deposit.token, bridgeLiquidity[deposit.token]);
    }

    /// Returns the bridged amount (in the bridge token) to the depositor when the destination cannot be filled.
    function refund(bytes32 depositId) external onlyRelayer nonReentrant {
        Deposit storage deposit = deposits[depositId];
        if (deposit.state != DEPOSIT_PENDING) revert DepositNotPending(depositId);
        deposit.state = DEPOSIT_REFUNDED;
        _pay(deposit.token, deposit.sender, deposit.amount);
        emit BridgeRefunded(depositId, deposit.sender, deposit.token, deposit.amount);
    }

    // ---------------------------------------------------------------- bridging, destination side

    /// Pays `dstBridgeAmount` of the destination bridge token out of bridge liquidity, swapped into `dstToken` when
    /// that meets `minDstAmount`; otherwise the recipient gets the bridge token itself (a partial fill).
    function fill(
        bytes32 depositId,
        uint256 srcChainId,
        BridgeParams calldata params,
        uint256 dstBridgeAmount
    ) external onlyRelayer nonReentrant returns (address token, uint256 amount) {
        if (params.dstChainId != block.chainid || dstBridgeAmount == 0) revert InvalidParams();
        if (fillState[depositId] != 0) revert DepositAlreadyResolved(depositId);
        uint256 available = bridgeLiquidity[params.dstBridgeToken];
        if (available < dstBridgeAmount) {
            revert InsufficientBridgeLiquidity(params.dstBridgeToken, available, dstBridgeAmount);
        }
        bridgeLiquidity[params.dstBridgeToken] = available - dstBridgeAmount;

        bool partialFill = false;
        if (params.dstToken == params.dstBridgeToken) {
            if (dstBridgeAmount < params.minDstAmount) revert SlippageExceeded(dstBridgeAmount, params.minDstAmount);
            (token, amount) = (params.dstToken, dstBridgeAmount);
        } else if (_quoteOrZero(params.dstBridgeToken, params.dstToken, dstBridgeAmount) >= params.minDstAmount) {
            (token, amount) = (params.dstToken, _swap(params.dstBridgeToken, params.dstToken, dstBridgeAmount));
        } else {
            partialFill = true;
            (token, amount) = (params.dstBridgeToken, dstBridgeAmount);
        }
        fillState[depositId] = partialFill ? FILL_PARTIAL : FILL_COMPLETED;
        _pay(token, params.recipient, amount);
        emit BridgeFilled(depositId, srcChainId, params.recipient, token, amount, partialFill);
        emit BridgeLiquidityChanged(params.dstBridgeToken, bridgeLiquidity[params.dstBridgeToken]);
    }

    /// Marks a deposit as never to be filled here, the step before its refund on the source chain.
    function voidDeposit(bytes32 depositId, uint256 srcChainId) external onlyRelayer {
        if (fillState[depositId] != 0) revert DepositAlreadyResolved(depositId);
        fillState[depositId] = FILL_VOIDED;
        emit BridgeVoided(depositId, srcChainId);
    }

    function addBridgeLiquidity(address token, uint256 amount) external payable onlyOwner nonReentrant {
        if (token == address(0)) {
            if (msg.value != amount) revert NativeValueMismatch(msg.value, amount);
        } else {
            if (msg.value != 0) revert NativeValueMismatch(msg.value, 0);
            _pullToken(token, msg.sender, amount);
        }
        bridgeLiquidity[token] += amount;
        emit BridgeLiquidityChanged(token, bridgeLiquidity[token]);
    }

    function removeBridgeLiquidity(address token, uint256 amount, address to) external onlyOwner nonReentrant {
        uint256 available = bridgeLiquidity[token];
        if (available < amount) revert InsufficientBridgeLiquidity(token, available, amount);
        bridgeLiquidity[token] = available - amount;
        _pay(token, to, amount);
        emit BridgeLiquidityChanged(token, bridgeLiquidity[token]);
    }

    // ---------------------------------------------------------------- internals

    function _poolKey(address tokenA, address tokenB) private pure returns (bytes32) {
        return tokenA < tokenB ? keccak256(abi.encode(tokenA, tokenB)) : keccak256(abi.encode(tokenB, tokenA));
    }

    function _reservesFor(
        address tokenIn,
        address tokenOut
    ) private view returns (uint256 reserveIn, uint256 reserveOut, uint16 feeBps) {
        Pool storage pool = pools[_poolKey(tokenIn, tokenOut)];
        if (tokenIn == tokenOut || pool.token0 == pool.token1) revert PoolNotFound(tokenIn, tokenOut);
        (reserveIn, reserveOut) = tokenIn == pool.token0 ? (pool.reserve0, pool.reserve1) : (pool.reserve1, pool.reserve0);
        feeBps = pool.feeBps;
    }

    /// Uniswap-v2 formula with the fee taken from the input; the server's quotes use the same integer arithmetic.
    function _amountOut(
        uint256 amountIn,
        uint256 reserveIn,
        uint256 reserveOut,
        uint16 feeBps
    ) private pure returns (uint256) {
        if (amountIn == 0) revert InvalidAmount();
        uint256 amountInWithFee = amountIn * (BPS - feeBps);
        return (amountInWithFee * reserveOut) / (reserveIn * BPS + amountInWithFee);
    }

    function _quoteOrZero(address tokenIn, address tokenOut, uint256 amountIn) private view returns (uint256) {
        Pool storage pool = pools[_poolKey(tokenIn, tokenOut)];
        if (tokenIn == tokenOut || pool.token0 == pool.token1) return 0;
        return getAmountOut(tokenIn, tokenOut, amountIn);
    }

    function _swap(address tokenIn, address tokenOut, uint256 amountIn) private returns (uint256 amountOut) {
        Pool storage pool = pools[_poolKey(tokenIn, tokenOut)];
        (uint256 reserveIn, uint256 reserveOut, uint16 feeBps) = _reservesFor(tokenIn, tokenOut);
        amountOut = _amountOut(amountIn, reserveIn, reserveOut, feeBps);
        if (amountOut == 0 || amountOut >= reserveOut) revert InsufficientLiquidity(tokenOut, reserveOut, amountOut);
        if (tokenIn == pool.token0) {
            pool.reserve0 = reserveIn + amountIn;
            pool.reserve1 = reserveOut - amountOut;
        } else {
            pool.reserve1 = reserveIn + amountIn;
            pool.reserve0 = reserveOut - amountOut;
        }
    }

    function _pull(address token, address from, uint256 amount) private {
        if (amount == 0) revert InvalidAmount();
        if (token == address(0)) {
            if (msg.value != amount) revert NativeValueMismatch(msg.value, amount);
        } else {
            if (msg.value != 0) revert NativeValueMismatch(msg.value, 0);
            _pullToken(token, from, amount);
        }
    }

    function _pullToken(address token, address from, uint256 amount) private {
        _callToken(token, abi.encodeWithSignature("transferFrom(address,address,uint256)", from, address(this), amount));
    }

    function _pay(address token, address to, uint256 amount) private {
        if (token == address(0)) {
            (bool ok, ) = to.call{value: amount}("");
            if (!ok) revert NativeTransferFailed(to);
        } else {
            _callToken(token, abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        }
    }

    /// Bubbles the token's own revert data (InsufficientAllowance, InsufficientBalance...) so a failed
    /// transaction's cause can be decoded from the router call.
    function _callToken(address token, bytes memory data) private {
        if (token.code.length == 0) revert TokenCallFailed(token);
        (bool ok, bytes memory result) = token.call(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        if (result.length != 0 && !abi.decode(result, (bool))) revert TokenCallFailed(token);
    }
}
