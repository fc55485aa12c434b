import { i18n } from '#i18n';
import { safeLink } from '../../format/links';
import type { SentTransfer, TransferInput } from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import { chainNamer, explorerTxUrl } from '../chainNames';

type ChainList = () => Promise<Chain[] | undefined>;

/** The source transaction's explorer page from the catalog's chain data, shown from the moment it is recorded. */
export function sourceTxLinkFrom(chains: ChainList): (input: TransferInput) => Promise<string | undefined> {
  return async (input) => safeLink(explorerTxUrl(await chains(), input.fromChainId, input.txHash));
}

/**
 * Where a person can look a sent transaction up when tracking gives up: the service's link, else the chain's explorer,
 * else words saying which chain and hash to search.
 */
export function whereToLookFrom(chains: ChainList): (record: SentTransfer) => Promise<string> {
  return async (record) => {
    const list = await chains();
    return (
      safeLink(record.sendingTxLink) ??
      explorerTxUrl(list, record.fromChainId, record.txHash) ??
      i18n.t('track.explorerSearch', [chainNamer(list)(record.fromChainId), record.txHash])
    );
  };
}
