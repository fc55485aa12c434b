import * as v from 'valibot';
import { i18n } from '#i18n';
import { sameAddress, sameChainAddress } from '../../lib/addresses';
import type { TransferChoice } from '../../model/choice';
import type { PromisedFigure } from '../routers/types';
import { nearIntentsAssetId } from './nearIntentsAssets';
import { type OneClickQuoteResponse, verifyOneClickQuote } from './nearIntentsSignature';
import { type PromiseProof, refusedProof } from './types';

/**
 * NEAR Intents proven with its owner: 1Click answers the status of a deposit address with the quote behind it
 * (recipient, destination asset, refund address, least out, deadline), signed with 1Click's ed25519 key. Checked
 * offline against the key built into this extension, every figure the calldata leaves open is compared with the
 * person's choice. A quote that cannot be had or whose signature fails proves nothing (the figures stay the
 * bridge's promise); a validly signed quote that pays someone else, elsewhere, in another token or less is a
 * contradiction, and the transaction is refused.
 */

/** 1Click's `GET /v0/status` answer, the parts read here. */
const OneClickStatusSchema = v.object({
  status: v.string(),
  quoteResponse: v.object({
    timestamp: v.string(),
    signature: v.string(),
    quoteRequest: v.looseObject({
      dry: v.boolean(),
      recipient: v.string(),
      recipientType: v.string(),
      destinationAsset: v.string(),
      refundTo: v.string(),
      refundType: v.string(),
    }),
    quote: v.looseObject({
      depositAddress: v.string(),
      minAmountOut: v.pipe(v.string(), v.regex(/^\d{1,78}$/)),
      deadline: v.optional(v.nullable(v.string())),
    }),
  }),
});
export type OneClickStatus = v.InferOutput<typeof OneClickStatusSchema>;

/** What the NEAR Intents call names that 1Click's quote must agree with (DecodedRouterCall and its `extra`). */
export type NearIntentsCall = {
  depositAddress: string;
  /** The least out the calldata carries, which the guard has held to the route's shown minimum. */
  minAmountOut: bigint;
  /** The figures the decoder left to the bridge. */
  promised: readonly PromisedFigure[];
};

export type ProveNearIntentsParameters = {
  /** 1Click's answer for the call's deposit address, as received (untrusted), or undefined when none came. */
  status: unknown;
  call: NearIntentsCall;
  choice: TransferChoice;
  /** 1Click's key this build trusts (`ed25519:` and base58). */
  publicKey: string;
  /** Seconds since the epoch, for the quote's deadline. */
  now: number;
};

/** Every open figure proven by 1Click's signed quote, none (it could not be had or checked), or a refusal. */
export function proveNearIntentsQuote(parameters: ProveNearIntentsParameters): PromiseProof {
  const { call, choice } = parameters;
  const unproven: PromiseProof = { ok: true, proven: [], unproven: call.promised };
  const parsed = v.safeParse(OneClickStatusSchema, parameters.status);
  if (!parsed.success) return unproven;
  const response = parsed.output.quoteResponse;
  if (!verifyOneClickQuote(response as unknown as OneClickQuoteResponse, parameters.publicKey)) return unproven;
  const { quoteRequest: request, quote } = response;
  const receiver = choice.toAddress ?? choice.fromAddress;
  if (!sameAddress(quote.depositAddress, call.depositAddress)) {
    return refusedProof(i18n.t('nearQuote.depositAddress', [quote.depositAddress]));
  }
  if (request.recipientType !== 'DESTINATION_CHAIN' || !receiver || !sameChainAddress(request.recipient, receiver)) {
    return refusedProof(i18n.t('nearQuote.recipient', [request.recipient]));
  }
  if (
    !choice.fromAddress ||
    request.refundType !== 'ORIGIN_CHAIN' ||
    !sameAddress(request.refundTo, choice.fromAddress)
  ) {
    return refusedProof(i18n.t('nearQuote.refund', [request.refundTo]));
  }
  if (BigInt(quote.minAmountOut) < call.minAmountOut) {
    return refusedProof(i18n.t('nearQuote.minimum', [quote.minAmountOut, String(call.minAmountOut)]));
  }
  const deadline = quote.deadline ? Date.parse(quote.deadline) / 1000 : Number.NaN;
  if (!(deadline > parameters.now)) return refusedProof(i18n.t('nearQuote.expired'));
  const asset = nearIntentsAssetId(choice.toChainId, choice.toToken);
  if (asset !== undefined && asset !== request.destinationAsset) {
    return refusedProof(i18n.t('nearQuote.asset', [request.destinationAsset, asset]));
  }
  // An asset this extension's table does not know leaves the chain and token open; the rest is proven.
  const open: readonly PromisedFigure[] = asset === undefined ? ['destinationChain', 'receivingToken'] : [];
  return {
    ok: true,
    proven: call.promised.filter((figure) => !open.includes(figure)),
    unproven: call.promised.filter((figure) => open.includes(figure)),
  };
}

/** 1Click's status of `depositAddress` at `baseUrl`, or undefined when it does not answer with JSON. */
export async function fetchOneClickStatus(
  baseUrl: string,
  depositAddress: string,
  signal?: AbortSignal,
): Promise<unknown> {
  try {
    const url = `${baseUrl}/v0/status?depositAddress=${encodeURIComponent(depositAddress)}`;
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}
