import * as v from 'valibot';
import { i18n } from '#i18n';
import { ENS_CHAIN_ID } from '../../contracts/ens';
import { BaseError } from '../../errors/base';
import { backgroundMessage } from './define';

/**
 * What an ENS name resolves to, for the popup's recipient field and its review: `resolved` with the checksummed
 * address, `notFound` when the name points to none, or `failed` with why in words (no valid name, an off-chain
 * resolver, the RPC). Read on Ethereum only, through the RPC the extension trusts there (src/chains/readEnsAddress.ts),
 * whatever the destination chain: an EVM address is the same account on every EVM chain.
 */
export type EnsResolution =
  | { kind: 'resolved'; name: string; address: `0x${string}` }
  | { kind: 'notFound'; name: string }
  | { kind: 'failed'; name: string; message: string };

export const resolveEnsName = backgroundMessage({
  access: 'page',
  // ENS names are at most 255 bytes in DNS form; the text is normalised by the read.
  schema: v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(255)) }),
  run: async ({ name }, { chainReads }): Promise<EnsResolution> => {
    const url = await chainReads.rpcUrl(ENS_CHAIN_ID);
    if (!url) return { kind: 'failed', name, message: i18n.t('bg.noTrustedRpc', [String(ENS_CHAIN_ID)]) };
    try {
      const read = await chainReads.rpc.readEnsAddress(url, name);
      return read.address
        ? { kind: 'resolved', ...read, address: read.address }
        : { kind: 'notFound', name: read.name };
    } catch (err) {
      const words = err instanceof BaseError ? err.shortMessage : String(err);
      // An invalid or off-chain name is said as it is; a failed read says the name could not be looked up.
      const named = err instanceof Error && (err.name === 'EnsNameInvalidError' || err.name === 'EnsOffchainError');
      return { kind: 'failed', name, message: named ? words : i18n.t('popup.validation.ensUnreadable', [name, words]) };
    }
  },
});
