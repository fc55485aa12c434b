import type { Hex } from 'viem';
import { createRelayOrderBook, type RelayOrderBook } from '../devnet/relayOrders';

/**
 * What the service quoted for a transfer, by the `transactionId` its calldata carries. Several bridges take a
 * deposit whose calldata holds no minimum received (Relay's order, Gas.zip, Glacis, Chainflip's broker
 * parameters): what arrives is the bridge's own off-chain quote. On the devnet the service is that bridge's quoting
 * side, so it records here what it promised, and the relayer pays it (server/devnet/relayer.ts). Nothing checks this
 * figure before signing: it is the bridge's promise.
 */
export type BridgePromise = { tool: string; toAmount: bigint };

export interface BridgePromiseBook {
  record(transactionId: Hex, promise: BridgePromise): void;
  get(transactionId: Hex): BridgePromise | undefined;
  /** Relay's orders, signed by the devnet's solver: Relay pays what its order says, not this book's promise. */
  relayOrders?: RelayOrderBook;
}

/** Transfers are built by the thousand in a busy test run at most: the oldest promises go first past this. */
const MAX_PROMISES = 100_000;

export function createBridgePromiseBook(): BridgePromiseBook {
  const promises = new Map<string, BridgePromise>();
  return {
    record(transactionId, promise) {
      const key = transactionId.toLowerCase();
      promises.delete(key);
      promises.set(key, promise);
      if (promises.size > MAX_PROMISES) promises.delete(promises.keys().next().value as string);
    },
    get: (transactionId) => promises.get(transactionId.toLowerCase()),
    relayOrders: createRelayOrderBook(),
  };
}
