import { i18n } from '#i18n';
import { BaseError } from '../errors/base';

/** A newer request on the same channel replaced this one. */
export class SupersededError extends BaseError {
  override name = 'SupersededError';
  readonly code = 'SUPERSEDED';
  constructor() {
    super(i18n.t('bg.replaced'));
  }
}

/** Settings patch rejected: names the fields, never echoes the values (one of them may be the API key). */
export class InvalidSettingsError extends BaseError {
  override name = 'InvalidSettingsError';
  readonly code = 'INVALID_SETTINGS';
  constructor(issues: string[]) {
    super(i18n.t('bg.invalidSettings', [issues.join('; ')]));
  }
}

/**
 * A sent-transaction report the background does not expect: unknown or already reported watch ID, expired, or from
 * another tab than the one the popup registered. Nothing is recorded. Details name which, for the logs.
 */
export class UnknownWatchError extends BaseError {
  override name = 'UnknownWatchError';
  readonly code = 'UNKNOWN_WATCH';
  constructor(why: string) {
    super(i18n.t('bg.unexpected'), { details: `watch ${why}` });
  }
}

/** A token could not be read on chain for import: not a token there, no trusted RPC, or the RPC failed. */
export class TokenImportError extends BaseError {
  override name = 'TokenImportError';
}
