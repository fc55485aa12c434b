import type { Hex } from 'viem';
import { LIFI_DIAMOND_ADDRESS, lifiEventsAbi } from '../../src/contracts/lifiDiamond';
import type { ChainWatcher } from './chainWatcher';

/**
 * The transaction that started the diamond transfer with LI.FI `transactionId` `taskId` on any devnet chain: a
 * bridge's `LiFiTransferStarted` (its BridgeData carries the ID, not indexed, so the chain's few events are read and
 * compared) or a same-chain swap's `LiFiGenericSwapCompleted` (indexed). Undefined when no chain has one. The twin
 * issues no relayer tasks, so this is what its `GET /v1/status?taskId=` names (server/lifi/status.ts).
 */
export async function findTransferByTask(watchers: Iterable<ChainWatcher>, taskId: Hex): Promise<Hex | undefined> {
  const wanted = taskId.toLowerCase();
  return findTransfer(watchers, (id) => id.toLowerCase() === wanted);
}

/** The transaction that started the first diamond transfer whose `transactionId` `matches`, on any devnet chain. */
export async function findTransfer(
  watchers: Iterable<ChainWatcher>,
  matches: (transactionId: Hex) => boolean,
): Promise<Hex | undefined> {
  const found = await Promise.all(
    [...watchers].map(async (watcher) => {
      const read = (eventName: 'LiFiTransferStarted' | 'LiFiGenericSwapCompleted') =>
        watcher.client
          .getContractEvents({ address: LIFI_DIAMOND_ADDRESS, abi: lifiEventsAbi, eventName, fromBlock: 0n })
          .catch(() => []);
      const [bridges, swaps] = await Promise.all([read('LiFiTransferStarted'), read('LiFiGenericSwapCompleted')]);
      for (const event of [...bridges, ...swaps]) {
        const args = event.args as { bridgeData?: { transactionId?: Hex }; transactionId?: Hex };
        const id = args.bridgeData?.transactionId ?? args.transactionId;
        if (id && matches(id)) return event.transactionHash ?? undefined;
      }
      return undefined;
    }),
  );
  return found.find((hash) => hash !== undefined);
}
