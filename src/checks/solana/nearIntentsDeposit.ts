import * as v from 'valibot';
import { i18n } from '#i18n';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import { sameChainAddress } from '../../lib/addresses';
import { nearIntentsAssetId } from '../promises/nearIntentsAssets';
import { type OneClickQuoteResponse, verifyOneClickQuote } from '../promises/nearIntentsSignature';
import { SolanaTransactionRefused } from './errors';
import type { SolanaSourceChoice } from './solanaChoice';

/**
 * A deposit on Solana to a NEAR Intents deposit address, held to 1Click's signed quote behind that address, as the
 * EVM side holds its NEARIntentsFacet call (src/checks/promises/nearIntents.ts): the quote's signature is checked
 * offline with the key built into this extension, then it must be for this deposit address, take exactly what the
 * transaction deposits of the chosen token, pay the chosen receiver the chosen token, refund to the person, promise
 * at least the minimum shown and not have expired. Unlike a contract call on EVM, a plain deposit binds nothing
 * else: a deposit address no validly signed quote vouches for is refused, as is a signed quote that disagrees.
 * `proven: false` is left only for a destination token this extension's asset table does not know.
 */

const Units = v.pipe(v.string(), v.regex(/^\d{1,78}$/));
const OneClickStatusSchema = v.object({
  quoteResponse: v.object({
    timestamp: v.string(),
    signature: v.string(),
    quoteRequest: v.looseObject({
      dry: v.boolean(),
      originAsset: v.string(),
      recipient: v.string(),
      recipientType: v.string(),
      destinationAsset: v.string(),
      refundTo: v.string(),
      refundType: v.string(),
    }),
    quote: v.looseObject({
      depositAddress: v.string(),
      amountIn: Units,
      minAmountOut: Units,
      deadline: v.optional(v.nullable(v.string())),
    }),
  }),
});

export type ProveSolanaDepositParameters = {
  /** 1Click's status answer for the deposit address (untrusted), or undefined when none came. */
  status: unknown;
  /** Who receives the deposit, as the simulation shows it, and how much of the chosen token. */
  depositAddress: string;
  deposited: bigint;
  choice: SolanaSourceChoice;
  /** The least the route showed the receiver gets, in the destination token's base units. */
  minAmountOut: bigint;
  /** 1Click's key this build trusts. */
  publicKey: string;
  /** Seconds since the epoch. */
  now: number;
};

export type SolanaDepositProof = { proven: boolean } | { refused: SolanaTransactionRefused };

export function proveSolanaDeposit(parameters: ProveSolanaDepositParameters): SolanaDepositProof {
  const { choice, depositAddress } = parameters;
  const refuse = (reason: string) => ({ refused: new SolanaTransactionRefused('QUOTE', reason) });
  const parsed = v.safeParse(OneClickStatusSchema, parameters.status);
  const response = parsed.success ? parsed.output.quoteResponse : undefined;
  if (!response || !verifyOneClickQuote(response as unknown as OneClickQuoteResponse, parameters.publicKey)) {
    return refuse(i18n.t('solanaCheck.unproven', [depositAddress]));
  }
  const { quoteRequest: request, quote } = response;
  if (quote.depositAddress !== depositAddress) {
    return refuse(i18n.t('nearQuote.depositAddress', [quote.depositAddress]));
  }
  const origin = nearIntentsAssetId(SOLANA_CHAIN_ID, choice.fromToken);
  if (origin === undefined || request.originAsset !== origin) {
    return refuse(i18n.t('solanaCheck.quoteOrigin', [request.originAsset]));
  }
  if (BigInt(quote.amountIn) !== parameters.deposited) {
    return refuse(i18n.t('solanaCheck.quoteAmount', [quote.amountIn, String(parameters.deposited)]));
  }
  if (request.recipientType !== 'DESTINATION_CHAIN' || !sameChainAddress(request.recipient, choice.toAddress)) {
    return refuse(i18n.t('nearQuote.recipient', [request.recipient]));
  }
  if (request.refundType !== 'ORIGIN_CHAIN' || request.refundTo !== choice.fromAddress) {
    return refuse(i18n.t('nearQuote.refund', [request.refundTo]));
  }
  if (BigInt(quote.minAmountOut) < parameters.minAmountOut) {
    return refuse(i18n.t('nearQuote.minimum', [quote.minAmountOut, String(parameters.minAmountOut)]));
  }
  const deadline = quote.deadline ? Date.parse(quote.deadline) / 1000 : Number.NaN;
  if (!(deadline > parameters.now)) return refuse(i18n.t('nearQuote.expired'));
  const asset = nearIntentsAssetId(choice.toChainId, choice.toToken);
  if (asset !== undefined && asset !== request.destinationAsset) {
    return refuse(i18n.t('nearQuote.asset', [request.destinationAsset, asset]));
  }
  // A destination asset this extension's table does not know leaves the token the bridge's promise.
  return { proven: asset !== undefined };
}
