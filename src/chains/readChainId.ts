import { i18n } from '#i18n';
import { inWords, RpcReadError } from './chainReadError';
import type { TrustedClient } from './trustedClient';

export type ReadChainIdReturnType = number;

/**
 * The chain the trusted RPC serves (eth_chainId), read beside every other read so an override pointing at the wrong
 * chain is caught before anything it answered is believed. Throws RpcReadError in words.
 */
export async function readChainId(client: TrustedClient): Promise<ReadChainIdReturnType> {
  const answer = await client.request({ method: 'eth_chainId' }).catch(inWords(client, 'eth_chainId'));
  return Number(readQuantity(answer, 'eth_chainId'));
}

/** A hex quantity as a node answers one; anything else is unreadable, never a zero. */
export function readQuantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    throw new RpcReadError(i18n.t('rpc.unreadable', [what]));
  }
  return BigInt(value);
}
