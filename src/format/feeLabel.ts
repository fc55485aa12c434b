import { i18n } from '#i18n';
import { type FeeKind, feeKind } from '../model/feeKind';
import type { FeeParty } from '../model/feeShares';

/** A fee share as the popup and the records have it: who takes it, the service's name for it, what it pays for. */
export type LabelledFee = { party: FeeParty; name: string; kind?: FeeKind; description?: string };

const UNNAMED = '—';

/**
 * A fee share in our own words, in the language shown: the party (LI.FI the routing service, the integrator, an
 * intermediary, the tool by its name) and, for a tool's fee, what it pays for. The service's own name for the fee
 * shows only where the name tells nothing we can classify, and then quoted as the service's word.
 */
export function feeLabel(fee: LabelledFee, tool: string): string {
  switch (fee.party) {
    case 'lifi':
      return i18n.t('fees.lifi');
    case 'integrator':
      return fee.name === UNNAMED ? i18n.t('fees.integratorUnnamed') : i18n.t('fees.integrator', [fee.name]);
    case 'intermediary':
      return fee.name === UNNAMED ? i18n.t('fees.intermediaryUnnamed') : i18n.t('fees.intermediary', [fee.name]);
    case 'tool':
      switch (feeKind(fee.name, fee.description, tool) ?? fee.kind) {
        case 'relayer':
          return i18n.t('fees.relayer', [tool]);
        case 'destinationGas':
          return i18n.t('fees.destinationGas', [tool]);
        case 'liquidity':
          return i18n.t('fees.liquidity', [tool]);
        case 'own':
          return i18n.t('fees.own', [tool]);
        default:
          return i18n.t('fees.named', [tool, fee.name]);
      }
  }
}
