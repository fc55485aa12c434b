import type { SentTransfer } from '../model/transfer';
import type { RouteToken } from '../schemas/route';
import { formatAmount } from './amount';

/**
 * What a transfer is said to have delivered: the amount the destination chain's trusted RPC read
 * (src/background/transfers/arrivalConfirm.ts), in the token it was read in. One place for the notification, the
 * progress and Activity, so all three name the same figure.
 */

/** The token itself when it lives on `chainId`. */
export const sameChain = (token: RouteToken | undefined, chainId: number): RouteToken | undefined =>
  token && Number(token.chainId) === chainId ? token : undefined;

/** The token an arrival is read in (arrivalConfirm.ts's arrivalParams), for its decimals and symbol. */
export function arrivalToken(record: SentTransfer): RouteToken {
  if (record.substatus === 'REFUNDED') return record.fromToken;
  if (record.substatus === 'PARTIAL')
    return (
      sameChain(record.bridgeToken, record.toChainId) ??
      sameChain(record.receiving?.token, record.toChainId) ??
      record.toToken
    );
  return record.toToken;
}

/** What the chain showed arriving, when it confirmed the arrival: the amount every notice and the next step use. */
export function receivedOnChain(record: SentTransfer): { amount: string; token: RouteToken } | undefined {
  return record.arrival?.state === 'confirmed'
    ? { amount: record.arrival.amount, token: arrivalToken(record) }
    : undefined;
}

/**
 * "49.33 USDC" as shown on screen: the chain's figure; the service's only on records from before arrivals were read
 * on chain (no `arrival` at all). Undefined while nothing is known to have arrived.
 */
export function receivedText(record: SentTransfer): string | undefined {
  const got =
    receivedOnChain(record) ??
    (record.arrival === undefined && record.status === 'DONE' && record.receiving?.amount && record.receiving.token
      ? { amount: record.receiving.amount, token: record.receiving.token }
      : undefined);
  return got && `${formatAmount(got.amount, got.token.decimals)} ${got.token.symbol}`;
}
