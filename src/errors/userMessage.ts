import { i18n } from '#i18n';
import { BaseError } from './base';

/**
 * What a person should read for any thrown value. Beside the error classes rather than in base.ts, which the
 * reference service shares and which therefore has no message catalog.
 */
export function userMessage(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  if (err instanceof Error && err.message) return err.message;
  return i18n.t('misc.somethingWrong');
}
