import type { Address, Hex } from 'viem';

/** What the devnet's BridgeRouter logs of a deposit (contracts/BridgeRouter.sol), as the relayer and the payouts read it. */
export type BridgeParams = {
  routeId: Hex;
  tool: Hex;
  tokenIn: Address;
  amountIn: bigint;
  bridgeToken: Address;
  minBridgeAmount: bigint;
  dstChainId: bigint;
  dstBridgeToken: Address;
  dstToken: Address;
  dstAmount: bigint;
  minDstAmount: bigint;
  recipient: Address;
};
