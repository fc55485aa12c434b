import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { sendMessage } from '../../messaging/protocol';
import { RemoteError, unwrapReply } from '../../messaging/reply';
import type { InlineQuotesResult } from '../inlineQuotes';
import { INLINE_QUOTE_LIMIT_CODE, QUOTES_PAUSED_CODE } from '../loader/quoteBudget';

export type QuotesState =
  | { status: 'idle' }
  | { status: 'loading'; previous?: InlineQuotesResult }
  | { status: 'done'; result: InlineQuotesResult }
  | { status: 'error'; message: string }
  /** The background refused: this tab asked for too many quotes lately. Asked again by itself a little later. */
  | { status: 'limited'; message: string; previous?: InlineQuotesResult }
  /**
   * The background keeps what is left of the route searches for the person's own transfers: said calmly, the last
   * quotes stay, and nothing is asked again until the amount, the destination or the page's visibility changes.
   */
  | { status: 'paused'; message: string; previous?: InlineQuotesResult };

/** How long the card waits before asking again after the background's "too many requests". */
export const LIMITED_RETRY_MS = 3_000;

/**
 * Asks the background for quotes whenever the (debounced) amount or destination changes, and only while the page
 * is visible (`visible`: a hidden tab asks nothing; it asks once it is looked at). Answers to superseded
 * requests are ignored, so a slow early answer never overwrites a later one. A refusal for too many requests keeps
 * the last quotes on screen and asks again after LIMITED_RETRY_MS (that retry is budgeted like any other).
 */
export function useInlineQuotes(
  chainId: number,
  tokenAddress: string,
  amount: string | null,
  toChainId: number | null,
  visible = true,
) {
  const [state, setState] = useState<QuotesState>({ status: 'idle' });
  useEffect(() => {
    if (amount === null) {
      setState({ status: 'idle' });
      return;
    }
    if (!visible) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const previousOf = (prev: QuotesState) =>
      prev.status === 'done'
        ? prev.result
        : prev.status === 'limited' || prev.status === 'paused'
          ? prev.previous
          : undefined;
    const ask = () => {
      setState((prev) => ({ status: 'loading', previous: previousOf(prev) }));
      sendMessage('getInlineQuotes', {
        chainId,
        tokenAddress,
        amount,
        ...(toChainId === null ? {} : { toChainIds: [toChainId] }),
      })
        .then(unwrapReply)
        .then(
          (result) => current && setState({ status: 'done', result }),
          (err: unknown) => {
            if (!current) return;
            if (err instanceof RemoteError && err.code === INLINE_QUOTE_LIMIT_CODE) {
              setState((prev) => ({
                status: 'limited',
                message: err.shortMessage,
                previous: prev.status === 'loading' ? prev.previous : undefined,
              }));
              retry = setTimeout(ask, LIMITED_RETRY_MS);
              return;
            }
            if (err instanceof RemoteError && err.code === QUOTES_PAUSED_CODE) {
              setState((prev) => ({
                status: 'paused',
                message: err.shortMessage,
                previous: prev.status === 'loading' ? prev.previous : undefined,
              }));
              return;
            }
            setState({
              status: 'error',
              message: err instanceof RemoteError ? err.shortMessage : i18n.t('card.unavailable'),
            });
          },
        );
    };
    ask();
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [chainId, tokenAddress, amount, toChainId, visible]);
  return state;
}
