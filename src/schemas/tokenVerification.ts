import * as v from 'valibot';

/**
 * What LI.FI says of a token beside its figures (`@lifi/types` StaticToken `verificationStatus`): verified,
 * unverified or flagged. The spec's service says nothing (no field). A value LI.FI adds later is read as
 * `unverified`: whatever it means, it is not "verified", and the person is told so rather than the listing lost.
 */
export const VERIFICATION_STATUSES = ['verified', 'unverified', 'flagged'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VerificationStatusSchema = v.pipe(
  v.string(),
  v.maxLength(32),
  v.transform(
    (status): VerificationStatus =>
      (VERIFICATION_STATUSES as readonly string[]).includes(status) ? (status as VerificationStatus) : 'unverified',
  ),
);

/** LI.FI's token tags (stablecoin, major_asset, rwa, …): open-ended words. */
export const TokenTagsSchema = v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(16));

/** The entries both token schemas (listing and route) add for them. */
export const tokenVerificationEntries = {
  verificationStatus: v.optional(VerificationStatusSchema),
  tags: v.optional(TokenTagsSchema),
};

/** A token to warn about where it is chosen and on the review: LI.FI flagged it or has not verified it. */
export function tokenWarning(token: { verificationStatus?: VerificationStatus } | undefined) {
  const status = token?.verificationStatus;
  return status === 'flagged' || status === 'unverified' ? status : undefined;
}
