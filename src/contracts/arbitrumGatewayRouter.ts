import { parseAbi } from 'viem';

/**
 * Arbitrum's L1 GatewayRouter (OffchainLabs/token-bridge-contracts, contracts/tokenbridge/ethereum/gateway/
 * L1GatewayRouter.sol): the one view the extension reads, the token an ERC-20 deposited through it becomes on the
 * Arbitrum chain. Its address on each parent chain: src/contracts/arbitrumGateways.ts.
 */
export const arbitrumGatewayRouterAbi = parseAbi([
  'function calculateL2TokenAddress(address l1ERC20) view returns (address)',
]);
