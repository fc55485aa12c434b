import { i18n } from '#i18n';
import type { WalletSession } from './session';

/**
 * Whether the wallet executes a batch of calls atomically on a chain (EIP-5792 `wallet_getCapabilities`). Apart from
 * the sending (batchCalls.ts) because the popup's review asks it too, and its first paint carries only this.
 */

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Reads a `wallet_getCapabilities` answer for `chainId`: atomic batches when `atomic.status` is "supported" or
 * "ready" (EIP-5792 2.0; "ready" means the wallet upgrades the account when first asked), or in the shape before it,
 * `atomicBatch.supported: true`. Capabilities under "0x0" hold for every chain.
 */
export function atomicBatchSupported(capabilities: unknown, chainId: number): boolean {
  if (!isRecord(capabilities)) return false;
  const hexId = `0x${chainId.toString(16)}`;
  const forChain = Object.entries(capabilities)
    .filter(([key]) => key.toLowerCase() === hexId || key.toLowerCase() === '0x0')
    .map(([, value]) => value);
  return forChain.some((entry) => {
    if (!isRecord(entry)) return false;
    const { atomic, atomicBatch } = entry;
    if (isRecord(atomic)) return atomic.status === 'supported' || atomic.status === 'ready';
    return isRecord(atomicBatch) && atomicBatch.supported === true;
  });
}

/**
 * How long the capabilities may take. A wallet that ignores methods it does not know would otherwise hold every
 * transfer for the relay's whole read time-out; one this slow is asked twice, as wallets without batches are.
 */
export const CAPABILITIES_WAIT_MS = 3000;

/** Whether the wallet says it sends batches atomically for `account` on `chainId`; any error, odd or late answer: no. */
export async function walletBatchesAtomically(
  session: WalletSession,
  account: `0x${string}`,
  chainId: number,
  waitMs = CAPABILITIES_WAIT_MS,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await Promise.race([
      session.request(
        'wallet_getCapabilities',
        [account, [`0x${chainId.toString(16)}`]],
        i18n.t('wallet.what.capabilities'),
      ),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), waitMs);
      }),
    ]);
    return atomicBatchSupported(answer, chainId);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
