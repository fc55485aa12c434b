import { parseAbi } from 'viem';

/**
 * What every LI.FI bridge facet shares (lifinance/contracts src/Interfaces/ILiFi.sol, src/Libraries/LibSwap.sol):
 * `BridgeData` (the sending token and amount, the destination chain and, for EVM destinations, the receiver) and
 * `SwapData` (a source swap the diamond runs before bridging). Each facet file in this folder adds its own data
 * struct and functions to these, as the facet's Solidity declares them.
 *
 * Value-moving fields of BridgeData, for every facet: `sendingAssetId` and `minAmount` (what the diamond bridges; with
 * no source swap, exactly what it pulls from the sender), `destinationChainId`, `receiver` (LIFI_NON_EVM_ADDRESS when
 * the destination is not EVM: the real receiver is then in the facet's data), `hasDestinationCall`.
 */
export const LIFI_STRUCTS = [
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct SwapData { address callTo; address approveTo; address sendingAssetId; address receivingAssetId; uint256 fromAmount; bytes callData; bool requiresDeposit; }',
] as const;

/** Events every bridge facet emits (ILiFi.sol); the non-EVM ones name the real receiver of a non-EVM destination. */
export const lifiBridgeEventsAbi = parseAbi([
  ...LIFI_STRUCTS,
  'event LiFiTransferStarted(BridgeData bridgeData)',
  'event BridgeToNonEVMChain(bytes32 indexed transactionId, uint256 indexed destinationChainId, bytes receiver)',
  'event BridgeToNonEVMChainBytes32(bytes32 indexed transactionId, uint256 indexed destinationChainId, bytes32 receiver)',
]);
