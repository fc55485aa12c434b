import { parseAbi } from 'viem';

/**
 * LI.FI's Permit2Proxy (lifinance/contracts src/Periphery/Permit2Proxy.sol), pinned per chain beside the diamond
 * (src/contracts/lifiDeployments.ts): it takes the sender's tokens with a signature instead of an approval to the
 * diamond, then calls its own diamond (an immutable set at deployment) with `diamondCalldata`, forwarding the value.
 * - callDiamondWithEIP2612Signature: `permit` on the token for `amount` (ignored when the proxy already holds that
 *   allowance), then pulls exactly `amount` of `tokenAddress` from the caller;
 * - callDiamondWithPermit2: Permit2 transfers `_permit.permitted.amount` of `_permit.permitted.token` from the caller;
 * - callDiamondWithPermit2Witness: the same from `_signer`, whoever calls.
 * Uniswap's Permit2 structs (ISignatureTransfer) as Permit2 declares them.
 */
export const permit2ProxyAbi = parseAbi([
  'struct TokenPermissions { address token; uint256 amount; }',
  'struct PermitTransferFrom { TokenPermissions permitted; uint256 nonce; uint256 deadline; }',
  'function callDiamondWithEIP2612Signature(address tokenAddress, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s, bytes diamondCalldata) payable returns (bytes)',
  'function callDiamondWithPermit2(bytes _diamondCalldata, PermitTransferFrom _permit, bytes _signature) payable returns (bytes)',
  'function callDiamondWithPermit2Witness(bytes _diamondCalldata, address _signer, PermitTransferFrom _permit, bytes _signature) payable returns (bytes)',
]);
