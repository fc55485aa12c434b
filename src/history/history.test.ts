import { describe, expect, it } from 'vitest';
import { transferInput, txHash } from '../../testing/background/fixtures';
import { newSentTransfer } from '../background/transfers/transferStatus';
import type { SentTransfer, TransferRecord } from '../model/transfer';
import { describeRow } from './describeRow';
import { cell, historyCsv, KOINLY_COLUMNS } from './historyCsv';
import { historyJson } from './historyJson';
import { type HistoryChain, historyRows } from './historyRows';

const CHAINS: HistoryChain[] = [
  { id: 1, name: 'Ethereum', nativeToken: { symbol: 'ETH', decimals: 18 } },
  { id: 42161, name: 'Arbitrum', nativeToken: { symbol: 'ETH', decimals: 18 } },
];
const SENT_AT = Date.UTC(2026, 10, 29, 4, 5, 30);

/** 100 USDC Ethereum → Arbitrum by Across: its cost read from the receipt, 99.81 USDC read arriving on Arbitrum. */
function arrived(): SentTransfer {
  return {
    ...newSentTransfer(transferInput({ fromAmountUSD: '100.02' }), SENT_AT),
    status: 'DONE',
    substatus: 'COMPLETED',
    final: true,
    sentCheck: { state: 'verified', rpcHost: 'rpc', gasPaid: '1234500000000000' },
    receiving: { txHash: txHash(2), amount: '99810000', chainId: 42161 },
    arrival: { state: 'confirmed', amount: '99810000', rpcHost: 'rpc' },
  };
}
const record = (...sends: SentTransfer[]): TransferRecord => ({
  id: sends[0]!.txHash,
  createdAt: sends[0]!.createdAt,
  updatedAt: sends[0]!.updatedAt,
  sends,
});

describe('historyRows', () => {
  it('gives the chains’ figures, each exact, and the service’s apart', () => {
    const [row] = historyRows([record(arrived())], CHAINS);
    expect(row).toMatchObject({
      date: '2026-11-29T04:05:30.000Z',
      fromChain: { id: 1, name: 'Ethereum' },
      toChain: { id: 42161, name: 'Arbitrum' },
      tool: 'Across',
      sent: { amount: '100', symbol: 'USDC' },
      received: { amount: '99.81', symbol: 'USDC' },
      receivedByService: { amount: '99.81', symbol: 'USDC' },
      gas: { amount: '0.0012345', symbol: 'ETH', chainId: 1 },
      status: 'DONE',
      final: true,
      sentUSD: '100.02',
    });
  });

  it('values the gas at the coin’s price the service gave, and gives the fees by party as the service quoted them', () => {
    const quoted: SentTransfer = {
      ...arrived(),
      coinPriceUSD: '3000',
      fees: [
        { party: 'lifi', name: 'LI.FI', amount: '250000', symbol: 'USDC', decimals: 6, token: '0xA0b8', usd: '0.25' },
        { party: 'tool', name: 'Across fee', amount: '60000', symbol: 'USDC', decimals: 6, token: '0xA0b8' },
        {
          party: 'tool',
          name: 'Transaction Fee',
          kind: 'destinationGas',
          amount: '10000',
          symbol: 'USDC',
          decimals: 6,
          token: '0xA0b8',
        },
        { party: 'tool', name: 'Boost fee', amount: '5000', symbol: 'USDC', decimals: 6, token: '0xA0b8' },
      ],
    };
    const [row] = historyRows([record(quoted)], CHAINS);
    // 0.0012345 ETH at $3,000.
    expect(row?.gas).toEqual({ amount: '0.0012345', symbol: 'ETH', chainId: 1, usd: '3.70' });
    expect(row?.feesQuoted).toEqual([
      { party: 'lifi', name: 'LI.FI', amount: '0.25', symbol: 'USDC', usd: '0.25' },
      { party: 'tool', name: 'Across fee', amount: '0.06', symbol: 'USDC' },
      { party: 'tool', name: 'Transaction Fee', kind: 'destinationGas', amount: '0.01', symbol: 'USDC' },
      { party: 'tool', name: 'Boost fee', amount: '0.005', symbol: 'USDC' },
    ]);
    // In our words: who takes each and what for, the service's name quoted only where it tells us nothing.
    expect(describeRow(row!)).toContain(
      "Fees as the service quoted them: LI.FI (routing service) 0.25 USDC; Across's own fee 0.06 USDC; " +
        "Gas on the destination chain, via Across 0.01 USDC; Across's fee, called “Boost fee” by the service 0.005 USDC.",
    );
  });

  it('leaves received and gas out where the chains were not read, never filling them with the service’s word', () => {
    const unread = { ...arrived(), arrival: undefined, sentCheck: { state: 'verified', rpcHost: 'rpc' } as const };
    const [row] = historyRows([record(unread)], CHAINS);
    expect(row?.received).toBeUndefined();
    expect(row?.gas).toBeUndefined();
    expect(row?.receivedByService).toEqual({ amount: '99.81', symbol: 'USDC' });
  });

  it('lists every transaction of every record, oldest first, steps numbered from 1', () => {
    const first = { ...arrived(), createdAt: SENT_AT + 60_000, step: 0 };
    const second = { ...arrived(), txHash: txHash(3), createdAt: SENT_AT + 120_000, step: 1 };
    const older = { ...arrived(), txHash: txHash(4) };
    const rows = historyRows([record(first, second), record(older)], CHAINS);
    expect(rows.map((r) => [r.txHash, r.step])).toEqual([
      [txHash(4), undefined],
      [txHash(1), 1],
      [txHash(3), 2],
    ]);
  });
});

describe('historyCsv', () => {
  it('writes Koinly’s Universal columns, the date in its form, and the gas as the fee', () => {
    const csv = historyCsv(historyRows([record(arrived())], CHAINS), describeRow);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(KOINLY_COLUMNS.join(','));
    expect(line).toBe(
      `2026-11-29 04:05 UTC,100,USDC,99.81,USDC,0.0012345,ETH,100.02,USD,,"Across: Ethereum → Arbitrum, Completed",${txHash(1)}`,
    );
    expect(end).toBe('');
  });

  it('keeps a service’s token symbol that a spreadsheet would run as a formula as text', () => {
    expect(cell('=HYPERLINK("http://evil","USDC")')).toBe(`"'=HYPERLINK(""http://evil"",""USDC"")"`);
    expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(cell('-1+2')).toBe("'-1+2");
    expect(cell('USDC')).toBe('USDC');
    expect(cell('0.5')).toBe('0.5');
  });

  it('says in the description where the arrival was not read on chain', () => {
    const unread = { ...arrived(), arrival: undefined };
    const [row] = historyRows([record(unread)], CHAINS);
    expect(describeRow(row!)).toBe(
      'Across: Ethereum → Arbitrum, Completed — arrival not read on chain: check the receiving account before relying on it.',
    );
  });
});

describe('historyJson', () => {
  it('keeps every row whole, with the format named and the time of export', () => {
    const rows = historyRows([record(arrived())], CHAINS);
    const parsed = JSON.parse(historyJson(rows, new Date(SENT_AT)));
    expect(parsed).toMatchObject({
      format: 'bridge-companion-history',
      version: 1,
      exportedAt: '2026-11-29T04:05:30.000Z',
    });
    expect(parsed.transfers).toEqual(rows);
  });
});
