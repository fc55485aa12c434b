import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha2';
import { base58 } from '@scure/base';

/**
 * 1Click's signature over a quote, checked offline with its published key. The message is 1Click's own
 * (defuse-protocol/one-click-sdk-typescript, src/quote-signature.ts): the request's signed fields and the quote's,
 * with the answer's `timestamp`, as JSON with sorted keys and empty fields left out, hashed with SHA-256; the ed25519
 * signature is over that hash's base58 text. A field changed anywhere in it fails the check.
 */

/** The quote as 1Click's `GET /v0/status` (its `quoteResponse`) and `POST /v0/quote` answer it. */
export type OneClickQuoteResponse = {
  timestamp: string;
  signature: string;
  quoteRequest: Record<string, unknown> & { dry: boolean };
  quote: Record<string, unknown>;
};

/** The request's fields 1Click signs; the others (session, fees, wallets) are left out of the message. */
const SIGNED_REQUEST_FIELDS = [
  'dry',
  'swapType',
  'slippageTolerance',
  'originAsset',
  'depositType',
  'destinationAsset',
  'amount',
  'refundTo',
  'refundType',
  'recipient',
  'recipientType',
  'deadline',
] as const;
/** Signed only when set (1Click drops empty ones, `null` and `0` alike). */
const OPTIONAL_REQUEST_FIELDS = [
  'quoteWaitingTimeMs',
  'referral',
  'virtualChainRecipient',
  'virtualChainRefundRecipient',
  'customRecipientMsg',
] as const;
const DRY_QUOTE_FIELDS = [
  'amountIn',
  'amountInFormatted',
  'amountInUsd',
  'minAmountIn',
  'amountOut',
  'amountOutFormatted',
  'amountOutUsd',
  'minAmountOut',
] as const;
const FULL_QUOTE_FIELDS = [
  'depositAddress',
  'depositMemo',
  'deadline',
  'timeWhenInactive',
  'timeEstimate',
  'virtualChainRecipient',
  'virtualChainRefundRecipient',
  'customRecipientMsg',
  'refundFee',
  'withdrawFee',
] as const;

const ED25519_PREFIX = 'ed25519:';

/** The text 1Click signs for `response`: the base58 SHA-256 of its canonical JSON. */
export function oneClickQuoteHash(response: OneClickQuoteResponse): string {
  const { quoteRequest: request, quote } = response;
  const fields: Record<string, unknown> = {};
  for (const key of SIGNED_REQUEST_FIELDS) fields[key] = request[key];
  for (const key of OPTIONAL_REQUEST_FIELDS) if (request[key]) fields[key] = request[key];
  for (const key of DRY_QUOTE_FIELDS) fields[key] = quote[key];
  if (!request.dry) for (const key of FULL_QUOTE_FIELDS) if (quote[key]) fields[key] = quote[key];
  fields.timestamp = response.timestamp;
  return base58.encode(sha256(new TextEncoder().encode(canonicalJson(fields))));
}

/** Whether `response` carries 1Click's valid signature by `publicKey` (`ed25519:` and base58, as 1Click writes it). */
export function verifyOneClickQuote(response: OneClickQuoteResponse, publicKey: string): boolean {
  try {
    const message = new TextEncoder().encode(oneClickQuoteHash(response));
    return ed25519.verify(fromEd25519Text(response.signature), message, fromEd25519Text(publicKey));
  } catch {
    return false;
  }
}

function fromEd25519Text(value: string): Uint8Array {
  return base58.decode(value.startsWith(ED25519_PREFIX) ? value.slice(ED25519_PREFIX.length) : value);
}

/**
 * JSON with object keys sorted at every depth and `undefined` fields left out, as `json-stable-stringify` writes
 * it (what 1Click hashes); arrays keep their order.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
