import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '../../messaging/protocol';
import { RemoteError, unwrapReply } from '../../messaging/reply';
import type { InlineQuotesResult } from '../../model/inlineQuotes';

export type QuotesState =
  | { status: 'idle' }
  | { status: 'loading'; previous?: InlineQuotesResult }
  | { status: 'done'; result: InlineQuotesResult }
  | { status: 'error'; message: string };

/**
 * Asks the background for quotes whenever the (debounced) amount or destination changes. Answers to superseded
 * requests are ignored, so a slow early answer never overwrites a later one.
 */
export function useInlineQuotes(
  chainId: number,
  tokenAddress: string,
  amount: string | null,
  toChainId: number | null,
) {
  const [state, setState] = useState<QuotesState>({ status: 'idle' });
  useEffect(() => {
    if (amount === null) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState((prev) => ({ status: 'loading', previous: prev.status === 'done' ? prev.result : undefined }));
    sendMessage('getInlineQuotes', {
      chainId,
      tokenAddress,
      amount,
      ...(toChainId === null ? {} : { toChainIds: [toChainId] }),
    })
      .then(unwrapReply)
      .then(
        (result) => current && setState({ status: 'done', result }),
        (err: unknown) =>
          current &&
          setState({
            status: 'error',
            message: err instanceof RemoteError ? err.shortMessage : 'Quotes are not available right now.',
          }),
      );
    return () => {
      current = false;
    };
  }, [chainId, tokenAddress, amount, toChainId]);
  return state;
}
