import { parseAbi, parseAbiParameters } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * EcoFacet (lifinance/contracts src/Facets/EcoFacet.sol, src/Interfaces/IEcoPortal.sol): publishes and funds an Eco
 * intent on Eco's Portal: the reward (BridgeData's token and amount) is locked for the solver who executes the
 * intent's route on the destination.
 *
 * Value-moving fields: BridgeData's token, amount (the reward) and destination; `encodedRoute`: for an EVM (or Tron)
 * destination the ABI-encoded `Route` below, whose `tokens` the solver must bring and whose calls it must run; the
 * facet requires the last call's first argument (`transfer(receiver, amount)`) to be BridgeData.receiver. For
 * Solana, a 319-byte Borsh route whose destination token account is `solanaATA`, and `nonEVMReceiver` (the owner,
 * base58 bytes). `refundRecipient` gets the reward back if nobody fills before `rewardDeadline`.
 */
export const ECO_TOOLS = ['eco'] as const;

export const ecoFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct EcoData { bytes nonEVMReceiver; address prover; uint64 rewardDeadline; bytes encodedRoute; bytes32 solanaATA; address refundRecipient; }',
  'function startBridgeTokensViaEco(BridgeData _bridgeData, EcoData _ecoData)',
  'function swapAndStartBridgeTokensViaEco(BridgeData _bridgeData, SwapData[] _swapData, EcoData _ecoData) payable',
]);

/** `EcoFacet.Route`, as `encodedRoute` carries it for an EVM destination (abi.encode of the struct). */
export const ecoRouteParameters = parseAbiParameters(
  '(bytes32 salt, uint64 deadline, address portal, uint256 nativeAmount, (address token, uint256 amount)[] tokens, (address target, bytes callData)[] calls)',
);
