/**
 * The project's router contract (contracts/BridgeRouter.sol), installed at the same address on every devnet chain.
 * The server encodes calldata with this ABI, the devnet deploys the contract compiled from source, and the
 * extension decodes calldata with it to check that a transaction does what the chosen route says.
 * Keep this file and the Solidity source in step: a test compares them.
 */
export const ROUTER_ADDRESS = '0xB71D6e00000000000000000000000000000c0de1' as const;

export const bridgeParamsComponents = [
  { name: 'routeId', type: 'bytes32' },
  { name: 'tool', type: 'bytes32' },
  { name: 'tokenIn', type: 'address' },
  { name: 'amountIn', type: 'uint256' },
  { name: 'bridgeToken', type: 'address' },
  { name: 'minBridgeAmount', type: 'uint256' },
  { name: 'dstChainId', type: 'uint256' },
  { name: 'dstBridgeToken', type: 'address' },
  { name: 'dstToken', type: 'address' },
  { name: 'dstAmount', type: 'uint256' },
  { name: 'minDstAmount', type: 'uint256' },
  { name: 'recipient', type: 'address' },
] as const;

/**
 * User-facing functions and events. `tokenIn`/`bridgeToken` equal to the zero address mean the native coin
 * (paid with `msg.value`). Relayer and pool-administration functions are appended by the devnet.
 */
export const routerAbi = [
  {
    type: 'function',
    name: 'swap',
    stateMutability: 'payable',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'minAmountOut', type: 'uint256' },
      { name: 'recipient', type: 'address' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'startBridge',
    stateMutability: 'payable',
    inputs: [{ name: 'params', type: 'tuple', components: bridgeParamsComponents }],
    outputs: [{ name: 'depositId', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'startBridgeToNonEvm',
    stateMutability: 'payable',
    inputs: [
      { name: 'params', type: 'tuple', components: bridgeParamsComponents },
      { name: 'receiver', type: 'bytes32' },
      { name: 'receivingToken', type: 'bytes32' },
    ],
    outputs: [{ name: 'depositId', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'getAmountOut',
    stateMutability: 'view',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'getReserves',
    stateMutability: 'view',
    inputs: [
      { name: 'tokenA', type: 'address' },
      { name: 'tokenB', type: 'address' },
    ],
    outputs: [
      { name: 'reserveA', type: 'uint256' },
      { name: 'reserveB', type: 'uint256' },
    ],
  },
  {
    type: 'event',
    name: 'Swapped',
    inputs: [
      { name: 'sender', type: 'address', indexed: true },
      { name: 'recipient', type: 'address', indexed: true },
      { name: 'tokenIn', type: 'address', indexed: false },
      { name: 'tokenOut', type: 'address', indexed: false },
      { name: 'amountIn', type: 'uint256', indexed: false },
      { name: 'amountOut', type: 'uint256', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'BridgeStarted',
    inputs: [
      { name: 'depositId', type: 'bytes32', indexed: true },
      { name: 'sender', type: 'address', indexed: true },
      { name: 'params', type: 'tuple', indexed: false, components: bridgeParamsComponents },
      { name: 'bridgedAmount', type: 'uint256', indexed: false },
    ],
  },
  // Appended with the devnet (contracts/BridgeRouter.sol): relayer and administration functions, the events the
  // relayer and the status reader use, and custom errors so reverts (SlippageExceeded...) decode by name.
  {
    inputs: [],
    name: 'DEPOSIT_PENDING',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'DEPOSIT_REFUNDED',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'DEPOSIT_SETTLED',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'FILL_COMPLETED',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'FILL_PARTIAL',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'FILL_VOIDED',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    name: 'addBridgeLiquidity',
    outputs: [],
    stateMutability: 'payable',
    type: 'function',
  },
  {
    inputs: [
      { name: 'tokenA', type: 'address' },
      { name: 'tokenB', type: 'address' },
      { name: 'amountA', type: 'uint256' },
      { name: 'amountB', type: 'uint256' },
      { name: 'feeBps', type: 'uint16' },
    ],
    name: 'addLiquidity',
    outputs: [],
    stateMutability: 'payable',
    type: 'function',
  },
  {
    inputs: [{ name: '', type: 'address' }],
    name: 'bridgeLiquidity',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'depositCount',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ name: '', type: 'bytes32' }],
    name: 'deposits',
    outputs: [
      { name: 'sender', type: 'address' },
      { name: 'state', type: 'uint8' },
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { name: 'depositId', type: 'bytes32' },
      { name: 'srcChainId', type: 'uint256' },
      { components: bridgeParamsComponents, name: 'params', type: 'tuple' },
      { name: 'dstBridgeAmount', type: 'uint256' },
    ],
    name: 'fill',
    outputs: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ name: '', type: 'bytes32' }],
    name: 'fillState',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'getPools',
    outputs: [
      {
        components: [
          { name: 'token0', type: 'address' },
          { name: 'token1', type: 'address' },
          { name: 'reserve0', type: 'uint256' },
          { name: 'reserve1', type: 'uint256' },
          { name: 'feeBps', type: 'uint16' },
        ],
        name: 'all',
        type: 'tuple[]',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { name: 'owner_', type: 'address' },
      { name: 'relayer_', type: 'address' },
    ],
    name: 'initialize',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  { inputs: [], name: 'owner', outputs: [{ name: '', type: 'address' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [{ name: 'depositId', type: 'bytes32' }],
    name: 'refund',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  { inputs: [], name: 'relayer', outputs: [{ name: '', type: 'address' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'to', type: 'address' },
    ],
    name: 'removeBridgeLiquidity',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ name: 'relayer_', type: 'address' }],
    name: 'setRelayer',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ name: 'depositId', type: 'bytes32' }],
    name: 'settle',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      { name: 'depositId', type: 'bytes32' },
      { name: 'srcChainId', type: 'uint256' },
    ],
    name: 'voidDeposit',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'depositId', type: 'bytes32' },
      { indexed: true, name: 'srcChainId', type: 'uint256' },
      { indexed: true, name: 'recipient', type: 'address' },
      { indexed: false, name: 'token', type: 'address' },
      { indexed: false, name: 'amount', type: 'uint256' },
      { indexed: false, name: 'partialFill', type: 'bool' },
    ],
    name: 'BridgeFilled',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'token', type: 'address' },
      { indexed: false, name: 'balance', type: 'uint256' },
    ],
    name: 'BridgeLiquidityChanged',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'depositId', type: 'bytes32' },
      { indexed: true, name: 'sender', type: 'address' },
      { indexed: false, name: 'token', type: 'address' },
      { indexed: false, name: 'amount', type: 'uint256' },
    ],
    name: 'BridgeRefunded',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [{ indexed: true, name: 'depositId', type: 'bytes32' }],
    name: 'BridgeSettled',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'depositId', type: 'bytes32' },
      { indexed: true, name: 'srcChainId', type: 'uint256' },
    ],
    name: 'BridgeVoided',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, name: 'token0', type: 'address' },
      { indexed: true, name: 'token1', type: 'address' },
      { indexed: false, name: 'amount0', type: 'uint256' },
      { indexed: false, name: 'amount1', type: 'uint256' },
    ],
    name: 'LiquidityAdded',
    type: 'event',
  },
  { inputs: [], name: 'AlreadyInitialized', type: 'error' },
  { inputs: [{ name: 'depositId', type: 'bytes32' }], name: 'DepositAlreadyResolved', type: 'error' },
  { inputs: [{ name: 'depositId', type: 'bytes32' }], name: 'DepositNotPending', type: 'error' },
  {
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'available', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
    name: 'InsufficientBridgeLiquidity',
    type: 'error',
  },
  {
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'available', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
    name: 'InsufficientLiquidity',
    type: 'error',
  },
  { inputs: [], name: 'InvalidAmount', type: 'error' },
  { inputs: [], name: 'InvalidParams', type: 'error' },
  { inputs: [{ name: 'to', type: 'address' }], name: 'NativeTransferFailed', type: 'error' },
  {
    inputs: [
      { name: 'value', type: 'uint256' },
      { name: 'expected', type: 'uint256' },
    ],
    name: 'NativeValueMismatch',
    type: 'error',
  },
  { inputs: [], name: 'NotOwner', type: 'error' },
  { inputs: [], name: 'NotRelayer', type: 'error' },
  {
    inputs: [
      { name: 'tokenA', type: 'address' },
      { name: 'tokenB', type: 'address' },
    ],
    name: 'PoolNotFound',
    type: 'error',
  },
  { inputs: [], name: 'Reentrancy', type: 'error' },
  {
    inputs: [
      { name: 'amountOut', type: 'uint256' },
      { name: 'minAmountOut', type: 'uint256' },
    ],
    name: 'SlippageExceeded',
    type: 'error',
  },
  { inputs: [{ name: 'token', type: 'address' }], name: 'TokenCallFailed', type: 'error' },
] as const;
