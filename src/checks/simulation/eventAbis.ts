import { parseAbi } from 'viem';
import { lifiEventsAbi } from '../../contracts/lifiDiamond';
import { routerAbi } from '../../contracts/router';

/**
 * The events a simulated transaction is read by (effects.ts), each from the contract that declares it:
 * - ERC-20 `Transfer` / `Approval` (EIP-20), and `traceTransfers`' native-coin Transfer logs from 0xeeee…eeee;
 * - LI.FI's diamond: `LiFiTransferStarted(BridgeData)` on every bridge call, `BridgeToNonEVMChainBytes32` beside it
 *   for a non-EVM receiver, `AssetSwapped` per swap (lifinance/contracts ILiFi.sol, LibSwap.sol; contracts/
 *   LiFiDiamondDev.sol emits the same);
 * - the devnet's BridgeRouter (contracts/BridgeRouter.sol): `BridgeStarted` (its deposit), `BridgeToNonEvm`,
 *   `Swapped`;
 * - Across's SpokePool deposit since V3.5 (`FundsDeposited` with bytes32 addresses: across-protocol/contracts
 *   V3SpokePoolInterface.sol).
 */
export const erc20EventsAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);

export const lifiSimulationEventsAbi = [
  ...lifiEventsAbi,
  ...parseAbi([
    'event AssetSwapped(bytes32 transactionId, address dex, address fromAssetId, address toAssetId, uint256 fromAmount, uint256 toAmount, uint256 timestamp)',
  ]),
] as const;

export const routerEventsAbi = [
  ...routerAbi.filter((item) => item.type === 'event'),
  ...parseAbi(['event BridgeToNonEvm(bytes32 indexed depositId, bytes32 receiver, bytes32 receivingToken)']),
] as const;

export const acrossEventsAbi = parseAbi([
  'event FundsDeposited(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint256 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 indexed depositor, bytes32 recipient, bytes32 exclusiveRelayer, bytes message)',
]);

/**
 * Across's SpokePool per chain (docs.across.to, "Contract addresses"): a `FundsDeposited` counts as the bridge's own
 * deposit only from these, and the person's funds may rest there.
 */
export const ACROSS_SPOKE_POOLS: Readonly<Record<number, `0x${string}`>> = {
  1: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
  10: '0x6f26Bf09B1C792e3228e5467807a900A503c0281',
  137: '0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096',
  8453: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64',
  42161: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A',
};

/** Where traceTransfers puts native-coin movements. */
export const NATIVE_TRANSFER_EMITTER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Errors the devnet's contracts and common tokens revert with, so a failed simulation can be named. */
export const knownErrorsAbi = parseAbi([
  'error InsufficientBalance(address account, uint256 balance, uint256 needed)',
  'error InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ApproveFromNonZero(uint256 currentAllowance)',
  'error SlippageExceeded(uint256 amountOut, uint256 minAmountOut)',
  'error InsufficientLiquidity(address token, uint256 available, uint256 needed)',
  'error InsufficientBridgeLiquidity(address token, uint256 available, uint256 needed)',
  'error PoolNotFound(address tokenA, address tokenB)',
  'error NativeValueMismatch(uint256 value, uint256 expected)',
  'error CumulativeSlippageTooHigh(uint256 minAmount, uint256 receivedAmount)',
  'error InvalidReceiver()',
  'error InvalidAmount()',
  'error InvalidParams()',
  'error InformationMismatch()',
  'error InvalidCallData()',
  'error ContractCallNotAllowed()',
  'error InvalidSendingToken()',
  'error TokenCallFailed(address token)',
  'error CannotBridgeToSameNetwork()',
]);
