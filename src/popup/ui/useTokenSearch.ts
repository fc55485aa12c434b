import { useEffect, useRef, useState } from 'preact/hooks';
import { userMessage } from '../../errors/userMessage';
import type { Token } from '../../schemas/catalog';
import type { PopupApi } from '../api';

/**
 * Matches listed per query: the background caps answers at 200 (best matches first), so typing narrows the
 * whole catalog; the virtual list keeps the DOM to the rows in view either way.
 */
export const SEARCH_LIMIT = 200;

/**
 * Searches the whole catalog in the background on every keystroke (no debounce: the background answers from an
 * in-memory index). Answers to older keystrokes are dropped.
 */
export function useTokenSearch(api: PopupApi, query: string, chainId: number | undefined) {
  const [state, setState] = useState<{
    tokens: Token[];
    status: 'loading' | 'ready' | 'error';
    message?: string;
    /** The query these tokens answer (Enter must not pick from an older keystroke's list). */
    forQuery?: string;
  }>({ tokens: [], status: 'loading' });
  const sequence = useRef(0);
  useEffect(() => {
    const mine = ++sequence.current;
    const started = performance.now();
    api
      .searchTokens({ query: query.trim(), chainId, limit: SEARCH_LIMIT })
      .then((tokens) => {
        if (mine !== sequence.current) return;
        setState({ tokens, status: 'ready', forQuery: query.trim() });
        // Read by the bench (bench/popup.ts): latency of the keystroke's answer.
        performance.measure(`token-search:${mine}`, { start: started, end: performance.now() });
      })
      .catch((err: unknown) => {
        if (mine === sequence.current) setState({ tokens: [], status: 'error', message: userMessage(err) });
      });
  }, [api, query, chainId]);
  return state;
}
