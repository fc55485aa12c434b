import { createContext } from 'preact';
import { useContext, useLayoutEffect, useReducer, useRef } from 'preact/hooks';
import type { PopupApi } from '../api';
import type { PopupStore } from '../store/createPopupStore';
import type { PopupState } from '../store/types';

export const PopupContext = createContext<{ store: PopupStore; api: PopupApi } | null>(null);

function usePopupContext() {
  const value = useContext(PopupContext);
  if (!value) throw new Error('PopupContext is missing');
  return value;
}

/**
 * Reads the popup's zustand store through a selector; re-renders only when the selected value changes
 * (Object.is). Written on preact/hooks rather than zustand's React hook: same semantics, no preact/compat in
 * the bundle, and it renders in node tests where no `react` alias exists.
 */
export function usePopup<T>(selector: (state: PopupState) => T): T {
  const { store } = usePopupContext();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const selected = selector(store.getState());
  const latest = useRef({ selector, selected });
  latest.current = { selector, selected };
  useLayoutEffect(
    () =>
      store.subscribe((state) => {
        if (!Object.is(latest.current.selector(state), latest.current.selected)) rerender(0);
      }),
    [store],
  );
  return selected;
}

export const usePopupApi = (): PopupApi => usePopupContext().api;
/** The store itself, for a component that keeps what the background answered (src/popup/ui/RpcPrompt.tsx). */
export const usePopupStore = (): PopupStore => usePopupContext().store;
