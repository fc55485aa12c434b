import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { sameChainAddress } from '../../lib/addresses';
import type { Difference, SentTransfer } from '../../model/transfer';
import { isNativeToken, toChainIdNumber } from '../../schemas/primitives';
import type { StatusResponse } from '../../schemas/status';

/**
 * Does a DONE status describe this transfer? The routing service is not trusted: before a notification says what was
 * received, the legs it reports are compared with the record (which holds what the person chose and the verified
 * sending transaction). Any disagreement is flagged, not celebrated. Pure.
 */

/** Some services name the native coin 0xEeee…EEeE instead of the zero address. */
const isNative = (a: string) => isNativeToken(a) || /^0xe{40}$/i.test(a);
/** EVM addresses in any case, Solana keys exactly, and the two ways of naming the native coin alike. */
const sameAddressOrCoin = (a: string, b: string) => sameChainAddress(a, b) || (isNative(a) && isNative(b));

/** Address members the spec does not define but LI.FI sends (top level `fromAddress` / `toAddress`). */
const addressOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? value : undefined;

export function compareStatus(record: SentTransfer, answer: StatusResponse): Difference[] {
  if (answer.status !== 'DONE') return [];
  const differences: Difference[] = [];
  const differ = (field: string, expected: string, actual: string) => differences.push({ field, expected, actual });
  const { sending, receiving } = answer;

  if (sending?.txHash !== undefined && sending.txHash.toLowerCase() !== record.txHash.toLowerCase())
    differ('sending transaction', record.txHash, sending.txHash);
  if (sending?.chainId !== undefined && toChainIdNumber(sending.chainId) !== record.fromChainId)
    differ('sending chain', String(record.fromChainId), String(sending.chainId));
  const from = addressOf(answer.fromAddress) ?? addressOf((sending as Record<string, unknown> | undefined)?.address);
  if (from && !sameAddressOrCoin(from, record.fromAddress)) differ('sending address', record.fromAddress, from);

  const to = addressOf(answer.toAddress) ?? addressOf((receiving as Record<string, unknown> | undefined)?.address);
  const substatus = answer.substatus;
  if (substatus === 'REFUNDED') {
    // A refund goes back to the sender (some bridges pay it to the recipient): anyone else is not the person.
    if (to && !sameAddressOrCoin(to, record.fromAddress) && !sameAddressOrCoin(to, record.toAddress))
      differ('refund address', record.fromAddress, to);
    return differences;
  }
  if (to && !sameAddressOrCoin(to, record.toAddress)) differ('receiving address', record.toAddress, to);
  if (receiving?.chainId !== undefined && toChainIdNumber(receiving.chainId) !== record.toChainId)
    differ('receiving chain', String(record.toChainId), String(receiving.chainId));
  // PARTIAL delivers another token (said so in the notification); the amount is then in that token.
  if (substatus === 'PARTIAL') return differences;
  const token = receiving?.token;
  if (token && !sameAddressOrCoin(token.address, record.toToken.address))
    differ('receiving token', `${record.toToken.symbol} ${record.toToken.address}`, `${token.symbol} ${token.address}`);
  else if (receiving?.amount !== undefined && BigInt(receiving.amount) < BigInt(record.toAmountMin)) {
    // Written as the popup writes amounts, in the token's units: a person compares them, not wei.
    const amount = (units: string) => `${formatAmount(units, record.toToken.decimals)} ${record.toToken.symbol}`;
    differ('received amount', i18n.t('flagged.atLeast', [amount(record.toAmountMin)]), amount(receiving.amount));
  }
  return differences;
}
