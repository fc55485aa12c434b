import { inWords } from './chainReadError';
import { readChainId, readQuantity } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadAddressUseParameters = { address: `0x${string}` };
export type ReadAddressUseReturnType = {
  rpcChainId: number;
  /** Transactions the address has sent on this chain (its nonce). */
  sent: bigint;
  /** Its native balance there. */
  balance: bigint;
};

/**
 * Whether an address was ever used on the RPC's chain: its nonce and native balance, with the chain's ID, in one
 * batch. An address that never sent, holds nothing and has no code was maybe mistyped or belongs to another kind of
 * chain: the popup asks the person to check it. (Tokens received alone leave no trace here; the words say "check",
 * never "wrong".)
 */
export async function readAddressUse(
  client: TrustedClient,
  { address }: ReadAddressUseParameters,
): Promise<ReadAddressUseReturnType> {
  const [rpcChainId, nonce, balance] = await Promise.all([
    readChainId(client),
    client
      .request({ method: 'eth_getTransactionCount', params: [address, 'latest'] })
      .catch(inWords(client, 'eth_getTransactionCount')),
    client.request({ method: 'eth_getBalance', params: [address, 'latest'] }).catch(inWords(client, 'eth_getBalance')),
  ]);
  return {
    rpcChainId,
    sent: readQuantity(nonce, 'eth_getTransactionCount'),
    balance: readQuantity(balance, 'eth_getBalance'),
  };
}
