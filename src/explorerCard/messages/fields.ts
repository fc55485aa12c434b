import * as v from 'valibot';
import { prefillAmount } from '../../format/parseAmount';

/** Pieces of the card's schemas: its messages come from a content script beside an untrusted page. */

export const CardChainIdSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

/** Human units in the card's plain form, e.g. "100" or "0.25", by the one amount rule (src/format/parseAmount.ts). */
export const HumanAmountSchema = v.pipe(
  v.string(),
  v.maxLength(67),
  v.check((text) => prefillAmount(text) !== undefined, 'must be a decimal amount'),
);

export const PageUrlSchema = v.pipe(
  v.string(),
  v.maxLength(2048),
  v.url(),
  v.regex(/^https?:/i, 'must be an http(s) URL'),
);
