import { i18n } from '#i18n';
import { BaseError } from '../errors/base';

/** A message whose data does not have the protocol's shape. `code` travels in the Reply. */
export class InvalidMessageError extends BaseError {
  override name = 'InvalidMessageError';
  readonly code = 'INVALID_MESSAGE';
  constructor(type: string, issues: string[]) {
    super(i18n.t('bg.notUnderstood'), { details: `${type}: ${issues.join('; ')}` });
  }
}

/** A sender that may not send this message (a content script asking for page-only data, another extension…). */
export class ForbiddenSenderError extends BaseError {
  override name = 'ForbiddenSenderError';
  readonly code = 'FORBIDDEN_SENDER';
  constructor(type: string, senderKind: string) {
    super(i18n.t('bg.notAllowed'), { details: `${type} refused for a ${senderKind} sender` });
  }
}
