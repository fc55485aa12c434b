import { formatUnitsExact } from '../format/amount';
import { receivedOnChain } from '../format/receivedAmount';
import { usdValue } from '../format/usd';
import type { FeeKind } from '../model/feeKind';
import type { FeeParty } from '../model/feeShares';
import type { SentTransfer, TransferRecord } from '../model/transfer';

/** What the history needs of a chain: its name and its coin (the gas is paid in it). */
export type HistoryChain = { id: number; name: string; nativeToken: { symbol: string; decimals: number } };

/**
 * One transaction of the history, as exported (CSV and JSON): figures as exact decimals in the token's units, each
 * with where it comes from. Received and gas are the chains' word (the arrival read on the destination, the sent
 * transaction's receipt); the routing service's figure is kept apart, named as such, never in their place.
 */
export type HistoryRow = {
  /** ISO 8601, UTC: when the transaction was sent. */
  date: string;
  fromChain: { id: number; name: string };
  toChain: { id: number; name: string };
  tool: string;
  sent: { amount: string; symbol: string; token: string };
  /** Read on the destination chain; undefined while not (yet) read there. */
  received?: { amount: string; symbol: string; token: string };
  /** What the routing service reported arriving, when it did: its word only. */
  receivedByService?: { amount: string; symbol: string };
  /**
   * Paid on the source chain for this transaction, from its receipt; undefined when unread. `usd` values it at the
   * coin's price the routing service gave when it was sent.
   */
  gas?: { amount: string; symbol: string; chainId: number; usd?: string };
  /**
   * The fees by who takes them (LI.FI, the integrator, the bridge…), as the routing service quoted them: its word,
   * `name` as it gave it, `kind` what it pays for where its description told (src/model/feeKind.ts).
   */
  feesQuoted?: { party: FeeParty; name: string; kind?: FeeKind; amount: string; symbol: string; usd?: string }[];
  /** The service's or the extension's status code (DONE, FAILED, NOT_ARRIVED…), and whether it is final. */
  status: string;
  substatus?: string;
  final: boolean;
  txHash: string;
  receivingTxHash?: string;
  /** The route's step this transaction carried out (1-based), for routes of several steps. */
  step?: number;
  fromAddress: string;
  toAddress: string;
  /** The USD value of the amount sent when the route was chosen (the routing service's price). */
  sentUSD?: string;
};

/** Every transaction of `records`, oldest first. */
export function historyRows(records: readonly TransferRecord[], chains: readonly HistoryChain[]): HistoryRow[] {
  const chain = (id: number) => chains.find((c) => c.id === id);
  return records
    .flatMap((record) => record.sends)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((send) => rowOf(send, chain));
}

function rowOf(send: SentTransfer, chain: (id: number) => HistoryChain | undefined): HistoryRow {
  const named = (id: number) => ({ id, name: chain(id)?.name ?? `Chain ${id}` });
  const onChain = receivedOnChain(send);
  const service = send.receiving?.amount !== undefined ? (send.receiving.token ?? send.toToken) : undefined;
  const source = chain(send.fromChainId)?.nativeToken;
  const paid = 'gasPaid' in send.sentCheck ? send.sentCheck.gasPaid : undefined;
  return {
    date: new Date(send.createdAt).toISOString(),
    fromChain: named(send.fromChainId),
    toChain: named(send.toChainId),
    tool: send.toolName,
    sent: {
      amount: formatUnitsExact(BigInt(send.fromAmount), send.fromToken.decimals),
      symbol: send.fromToken.symbol,
      token: send.fromToken.address,
    },
    ...(onChain && {
      received: {
        amount: formatUnitsExact(BigInt(onChain.amount), onChain.token.decimals),
        symbol: onChain.token.symbol,
        token: onChain.token.address,
      },
    }),
    ...(service && {
      receivedByService: {
        amount: formatUnitsExact(BigInt(send.receiving!.amount!), service.decimals),
        symbol: service.symbol,
      },
    }),
    ...(paid !== undefined &&
      source && {
        gas: {
          amount: formatUnitsExact(BigInt(paid), source.decimals),
          symbol: source.symbol,
          chainId: send.fromChainId,
          ...usdOfGas(BigInt(paid), source.decimals, send.coinPriceUSD),
        },
      }),
    ...(send.fees?.length && {
      feesQuoted: send.fees.map((fee) => ({
        party: fee.party,
        name: fee.name,
        ...(fee.kind && { kind: fee.kind }),
        amount: formatUnitsExact(BigInt(fee.amount), fee.decimals),
        symbol: fee.symbol,
        ...(fee.usd !== undefined && { usd: fee.usd }),
      })),
    }),
    status: send.status,
    ...(send.substatus && { substatus: send.substatus }),
    final: send.final,
    txHash: send.txHash,
    ...(send.receiving?.txHash && { receivingTxHash: send.receiving.txHash }),
    ...(send.step !== undefined && { step: send.step + 1 }),
    fromAddress: send.fromAddress,
    toAddress: send.toAddress,
    ...(send.fromAmountUSD && { sentUSD: send.fromAmountUSD }),
  };
}

/** The gas paid in USD at the coin's price when sent, to the cent; nothing when no price was given. */
function usdOfGas(paid: bigint, decimals: number, priceUSD: string | undefined): { usd?: string } {
  const usd = priceUSD === undefined ? undefined : usdValue(paid, { decimals, priceUSD });
  return usd === undefined ? {} : { usd: usd.toFixed(2) };
}
