import { i18n } from '#i18n';
import type { SentTransfer, TransferRecord } from '../model/transfer';
import { formatAmount } from './amount';
import { receivedText } from './receivedAmount';
import { statusLabel } from './status';

type ChainName = (id: number) => string;

/**
 * A transfer's support details as plain text, for a bridge's or wallet's support: hashes, chains, amounts, the
 * status history, and the line that real support never asks for keys or recovery phrases. Every transaction the
 * transfer sent, in order; a looked-up one says it was not sent by this extension. Dates in ISO (UTC), so a reader
 * anywhere reads them alike.
 */
export function supportDetails(record: TransferRecord, chainName: ChainName): string {
  const lines = [i18n.t('support.title'), ''];
  record.sends.forEach((t, i) => {
    if (record.sends.length > 1) lines.push(`#${i + 1}`);
    lines.push(...sendLines(t, chainName), '');
  });
  lines.push(i18n.t('support.warning'));
  return lines.join('\n');
}

function sendLines(t: SentTransfer, chainName: ChainName): string[] {
  const on = (id: number) => `${chainName(id)} (${id})`;
  const amount = (units: string, token: { decimals: number; symbol: string; address: string }) =>
    `${formatAmount(units, token.decimals)} ${token.symbol} (${token.address})`;
  const line = (label: string, value: string) => `${label}: ${value}`;
  const received = receivedText(t);
  const history = t.history ?? [];
  return [
    ...(t.lookedUp ? [i18n.t('support.lookedUp')] : []),
    line(i18n.t('support.status'), [t.status, t.substatus].filter(Boolean).join(' / ')),
    line(i18n.t('support.route'), `${on(t.fromChainId)} → ${on(t.toChainId)}`),
    line(i18n.t('support.bridge'), t.toolName === t.tool ? t.tool : `${t.toolName} (${t.tool})`),
    line(i18n.t('support.sent'), amount(t.fromAmount, t.fromToken)),
    ...(t.lookedUp && !t.lookedUp.toTokenNamed
      ? []
      : [line(i18n.t('support.expected'), amount(t.toAmount, t.toToken))]),
    ...(received ? [line(i18n.t('support.received'), received)] : []),
    line(i18n.t('support.sender'), t.fromAddress),
    line(i18n.t('support.recipient'), t.toAddress),
    line(i18n.t('support.sourceTx'), i18n.t('support.onChain', [t.txHash, chainName(t.fromChainId)])),
    ...(t.receiving?.txHash
      ? [
          line(
            i18n.t('support.destinationTx'),
            i18n.t('support.onChain', [t.receiving.txHash, chainName(t.receiving.chainId ?? t.toChainId)]),
          ),
        ]
      : []),
    `${i18n.t('support.history')}:`,
    `  ${iso(t.createdAt)} ${i18n.t('support.sentAt')}`,
    ...history.map((s) => `  ${iso(s.at)} ${[s.status, s.substatus].filter(Boolean).join(' / ')}`),
    ...(history.at(-1)?.status === t.status ? [] : [`  ${iso(t.updatedAt)} ${statusLabel(t.status)} (${t.status})`]),
  ];
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
