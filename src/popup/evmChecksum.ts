/**
 * viem's EIP-55 checksum (getAddress) in a chunk of its own: its keccak loads beside the popup's first paint, not in
 * it (the recipient field waits for it, src/popup/validation.ts).
 */
export { getAddress as evmChecksum } from 'viem';
