import { isAddressEqual } from 'viem';
import { devnetRouter } from './devnetRouter';
import { lifiDiamond } from './lifiDiamond';
import { lifiPermit2Proxy } from './lifiPermit2Proxy';
import type { RouterFamily } from './types';

/**
 * Every router the extension signs for, one decoder per family. An address counts as a router only when a family
 * pins it for that chain: an address the service reports (approval address, transaction target) is never trusted
 * on its own.
 */
export const ROUTER_FAMILIES: readonly RouterFamily[] = [devnetRouter, lifiDiamond, lifiPermit2Proxy];

const isHexAddress = (s: string): s is `0x${string}` => /^0x[0-9a-fA-F]{40}$/.test(s);

/** The family whose pinned address on `chainId` is `address`, if any. */
export function routerFamilyAt(chainId: number, address: string): RouterFamily | undefined {
  if (!isHexAddress(address)) return undefined;
  return ROUTER_FAMILIES.find((family) =>
    family.addressesOn(chainId).some((pinned) => isAddressEqual(pinned, address)),
  );
}
