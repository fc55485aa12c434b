import { hexToString } from 'viem';
import type { Catalog } from '../catalog/catalog';

/**
 * Devnet time: what takes `d` seconds on mainnet takes `d * timeFactor` here. The relayer waits these delays and
 * the status reader reports against them, so both agree on when a transfer leaves WAIT_SOURCE_CONFIRMATIONS.
 */

/** One block of the source chain counts as the confirmation wait (anvil mines instantly, real chains do not). */
export function confirmationMs(catalog: Catalog, srcChainId: number, timeFactor: number): number {
  const blockTimeSec = catalog.getChain(srcChainId)?.profile.blockTimeSec ?? 2;
  return blockTimeSec * 1000 * timeFactor;
}

/** The bridge's quoted duration, computed as server/routing/bridgeLeg.ts does (Ethereum finality is slower). */
export function bridgeDelayMs(catalog: Catalog, tool: string, srcChainId: number, timeFactor: number): number {
  const durationSec = catalog.getBridge(tool)?.durationSec ?? 60;
  return durationSec * (srcChainId === 1 ? 1.5 : 1) * 1000 * timeFactor;
}

/** The bridge key the server wrote into `params.tool` (stringToHex(key, { size: 32 })). */
export function toolKey(tool: `0x${string}`): string {
  return hexToString(tool, { size: 32 }).replace(/\0+$/, '');
}
