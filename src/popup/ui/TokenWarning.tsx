import { i18n } from '#i18n';
import { tokenWarning, type VerificationStatus } from '../../schemas/tokenVerification';

/**
 * A plain warning beside a token LI.FI flags or has not verified (its `verificationStatus`), where the token is
 * chosen and on the review. Nothing for a verified token or one the service says nothing about (the spec's).
 */
export function TokenWarning({
  token,
  testId,
}: {
  token: { symbol: string; verificationStatus?: VerificationStatus };
  testId: string;
}) {
  const warning = tokenWarning(token);
  if (!warning) return null;
  return (
    <p class="notice small" role="note" data-testid={testId} data-status={warning}>
      {i18n.t(`popup.tokenWarning.${warning}`, [token.symbol])}
    </p>
  );
}
