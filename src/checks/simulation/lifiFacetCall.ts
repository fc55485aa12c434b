import { isAddressEqual } from 'viem';
import type { ProvenNativeFee } from '../promises/types';
import { LIFI_BRIDGE_FACETS } from '../routers/lifi/facets';
import { lifiDiamond } from '../routers/lifiDiamond';
import type { DecodedRouterCall } from '../routers/types';
import type { LifiFacetCall } from './checkEffects';

/** Every function of the bridge facets in src/checks/routers/lifi/ (Across and the swaps are read otherwise). */
const FACET_FUNCTIONS: ReadonlySet<string> = new Set(
  LIFI_BRIDGE_FACETS.flatMap((facet) => facet.abi.flatMap((item) => (item.type === 'function' ? [item.name] : []))),
);

/**
 * What the simulation's check needs of a decoded step that bridges through one of those facets on the diamond
 * pinned at `to` (checkEffects.ts reads its deposit from the diamond's payouts); undefined for any other step. The
 * native fee is the one the calldata names, else the one the bridge's own contract states (`provenFee`, read through
 * the trusted RPC: deBridge's), where the calldata leaves it open.
 */
export function lifiFacetCall(
  chainId: number,
  to: `0x${string}`,
  call: DecodedRouterCall | undefined,
  provenFee?: ProvenNativeFee,
): LifiFacetCall | undefined {
  if (call?.kind !== 'bridge' || !FACET_FUNCTIONS.has(call.functionName)) return undefined;
  const diamond = lifiDiamond.addressesOn(chainId).find((pinned) => isAddressEqual(pinned, to));
  if (!diamond) return undefined;
  const proven = call.nativeFee === undefined && call.promised?.includes('nativeFee') ? provenFee : undefined;
  const nativeFee = call.nativeFee ?? proven?.amount;
  return {
    diamond,
    receiver: call.receiver,
    ...(nativeFee === undefined ? {} : { nativeFee }),
    ...(proven ? { feePayee: proven.payee } : {}),
    hasSourceSwaps: call.hasSourceSwaps === true,
  };
}
