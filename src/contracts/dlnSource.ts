import { parseAbi } from 'viem';

/**
 * deBridge's DlnSource, where LI.FI's DeBridgeDlnFacet creates its orders: one address on every EVM chain DLN serves
 * (deBridge's published deployments; the facet holds it as its immutable `dlnSource`). Its fixed fee in the native
 * coin (`globalFixedNativeFee`, a uint88) is what a DLN order carries beyond its amount.
 */
export const DLN_SOURCE_ADDRESS = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66' as const;

export const dlnSourceAbi = parseAbi(['function globalFixedNativeFee() view returns (uint88)']);
