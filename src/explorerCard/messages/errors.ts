import { i18n } from '#i18n';
import { BaseError } from '../../errors/base';
import { INLINE_QUOTE_LIMIT_CODE } from '../loader/quoteBudget';

export class ExplorerRequestError extends BaseError {
  override name = 'ExplorerRequestError';
}

/** The tab's card asked for more quotes than its budget allows; the card shows this calmly and asks again later. */
export class InlineQuoteLimitError extends BaseError {
  override name = 'InlineQuoteLimitError';
  readonly code = INLINE_QUOTE_LIMIT_CODE;
  constructor(readonly retryAfterMs: number) {
    super(i18n.t('card.tooMany'), {
      details: `Budget spent; free again in ${retryAfterMs} ms.`,
    });
  }
}
