import { parseAbi } from 'viem';

/**
 * The calls of Mayan's protocols that MayanFacet forwards as `protocolData` and whose order the extension reads, by
 * the selectors MayanFacet.sol's `_parseReceiver` lists (lifinance/contracts src/Facets/MayanFacet.sol), with field
 * names from Mayan's contracts (MayanSwift's and MayanCircle's `OrderParams`). Each order names the destination by
 * its Wormhole chain id (src/contracts/wormholeChains.ts), the token delivered as 32 bytes (an EVM address
 * left-padded, or a Solana mint; zero for the native coin) and the least delivered, `minAmountOut`. Swift's minimum
 * is in Mayan's normalised units (at most 8 decimals), not the token's own.
 */
export const mayanProtocolAbi = parseAbi([
  // MayanSwift v2 (0xa3a30834, 0x6147435b).
  'struct SwiftOrderV2 { uint8 payloadType; bytes32 trader; bytes32 destAddr; uint16 destChainId; bytes32 referrerAddr; bytes32 tokenOut; uint64 minAmountOut; uint64 gasDrop; uint64 cancelFee; uint64 refundFee; uint64 deadline; uint8 referrerBps; uint8 auctionMode; bytes32 random; }',
  'struct PermitParams { uint256 value; uint256 deadline; uint8 v; bytes32 r; bytes32 s; }',
  'function createOrderWithToken(address tokenIn, uint256 amountIn, SwiftOrderV2 params, bytes customPayload)',
  'function createOrderWithSig(address tokenIn, uint256 amountIn, SwiftOrderV2 params, bytes customPayload, uint256 submissionFee, bytes signedOrderHash, PermitParams permitParams)',
  // MayanSwift v1 (0xb866e173, 0x8e8d142b).
  'struct SwiftOrderV1 { bytes32 trader; bytes32 tokenOut; uint64 minAmountOut; uint64 gasDrop; uint64 cancelFee; uint64 refundFee; uint64 deadline; bytes32 destAddr; uint16 destChainId; bytes32 referrerAddr; uint8 referrerBps; uint8 auctionMode; bytes32 random; }',
  'function createOrderWithEth(SwiftOrderV1 params)',
  'function createOrderWithToken(address tokenIn, uint256 amountIn, SwiftOrderV1 params)',
  // MayanCircle (0xafd9b706, 0x1c59b7fc): an order filled after the CCTP burn, its minimum in the token's units.
  'struct CircleOrder { address tokenIn; uint256 amountIn; uint64 gasDrop; bytes32 destAddr; uint16 destChain; bytes32 tokenOut; uint64 minAmountOut; uint64 deadline; uint64 redeemFee; bytes32 referrerAddr; uint8 referrerBps; }',
  'struct CirclePermit { uint32 nonce; bytes32 r; bytes32 s; }',
  'function createOrder(CircleOrder params, CirclePermit permit)',
  'function createOrder(CircleOrder params)',
]);
