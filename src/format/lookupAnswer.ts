import { i18n } from '#i18n';
import type { LookupAnswer } from '../model/lookup';

/** What a lookup found, in words for the person (src/model/lookup.ts): found, or why nothing was recorded. */
export function lookupAnswerText(
  answer: LookupAnswer,
  chainName: (id: number) => string,
): { ok: boolean; text: string } {
  switch (answer.kind) {
    case 'found':
      return { ok: true, text: i18n.t(answer.already ? 'lookup.already' : 'lookup.found') };
    case 'unknown':
      return { ok: false, text: i18n.t('lookup.unknown', [answer.chainIds.map(chainName).join(', ')]) };
    case 'noRpc':
      return { ok: false, text: i18n.t('lookup.noRpc') };
    case 'unreadable':
      return { ok: false, text: i18n.t('lookup.unreadable', [answer.detail]) };
    case 'unknownToService':
      return { ok: false, text: i18n.t('lookup.unknownToService', [chainName(answer.chainId)]) };
    case 'notMined':
      return { ok: false, text: i18n.t('lookup.notMined', [chainName(answer.chainId)]) };
    case 'reverted':
      return { ok: false, text: i18n.t('lookup.reverted', [chainName(answer.chainId)]) };
    case 'notThisTransfer':
      return {
        ok: false,
        text: i18n.t('lookup.notThisTransfer', [chainName(answer.chainId), i18n.t(`lookup.differs.${answer.field}`)]),
      };
  }
}
