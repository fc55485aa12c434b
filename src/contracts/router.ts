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
] as const;
