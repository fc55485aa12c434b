import { i18n } from '#i18n';
import type { Prefill } from '../model/prefill';
import type { SentTransfer } from '../model/transfer';
import { formatAmount, formatUnitsExact } from './amount';
import { formatDuration } from './duration';
import { safeLink } from './links';
import { receivedOnChain } from './receivedAmount';

type ChainName = (id: number) => string;

/**
 * What Activity says of a looked-up transfer's next step, in words (src/background/lookup/): a PARTIAL names the
 * token that arrived, read on chain, and offers to swap it; a REFUNDED says what came back, read on chain; a wait
 * says how long the bridge usually takes (or that nothing is known) and, past it, that it is late, with the bridge's
 * own page. Pure but for the words.
 */
export type LookedUpStep =
  | { kind: 'partial'; text: string; swap: { label: string; prefill: Prefill } }
  | { kind: 'refunded'; text: string }
  | { kind: 'waiting'; text: string; late?: string; page?: { href: string; label: string } };

export function lookedUpStep(t: SentTransfer, chainName: ChainName, now: number): LookedUpStep | undefined {
  const lookedUp = t.lookedUp;
  if (!lookedUp) return undefined;
  const got = receivedOnChain(t);
  if (got && t.substatus === 'PARTIAL') {
    const amount = `${formatAmount(got.amount, got.token.decimals)} ${got.token.symbol}`;
    const wanted = lookedUp.toTokenNamed ? t.toToken.address : undefined;
    return {
      kind: 'partial',
      text: i18n.t('lookup.partial', [amount, chainName(t.toChainId)]),
      swap: {
        label: i18n.t('lookup.swap', [got.token.symbol]),
        prefill: {
          fromChainId: t.toChainId,
          fromTokenAddress: got.token.address,
          toChainId: t.toChainId,
          ...(wanted ? { toTokenAddress: wanted } : {}),
          amount: formatUnitsExact(BigInt(got.amount), got.token.decimals),
        },
      },
    };
  }
  if (got && t.substatus === 'REFUNDED') {
    const amount = `${formatAmount(got.amount, got.token.decimals)} ${got.token.symbol}`;
    return { kind: 'refunded', text: i18n.t('lookup.refunded', [amount, chainName(t.fromChainId)]) };
  }
  if (t.final) return undefined;
  const usual = lookedUp.usualSeconds;
  const text =
    usual === undefined
      ? i18n.t('lookup.usuallyUnknown', [t.toolName])
      : i18n.t('lookup.usually', [t.toolName, formatDuration(usual)!]);
  const since = now - (lookedUp.minedAt ?? t.createdAt);
  // Late: past twice what the bridge usually takes, or past an hour when nothing is known of it.
  const lateAfter = usual === undefined ? 60 * 60_000 : 2 * usual * 1000;
  const late = since > lateAfter ? i18n.t('lookup.late', [formatDuration(since / 1000)!]) : undefined;
  const href = safeLink(t.explorerLink);
  return {
    kind: 'waiting',
    text,
    ...(late ? { late } : {}),
    ...(href ? { page: { href, label: i18n.t('lookup.bridgePage', [new URL(href).host]) } } : {}),
  };
}

/** A looked-up transfer's "Expected" while the service has not said what it delivers, or how much of it. */
export function lookedUpExpected(t: SentTransfer): string {
  const sent = `${formatAmount(t.fromAmount, t.fromToken.decimals)} ${t.fromToken.symbol}`;
  return t.lookedUp?.toTokenNamed
    ? i18n.t('lookup.amountUnsaid', [sent, t.toToken.symbol])
    : i18n.t('lookup.tokenUnnamed', [sent]);
}
