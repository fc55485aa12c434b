import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { useStore } from 'zustand';
import type { PopupApi } from '../api';
import type { PopupStore } from '../store/createPopupStore';
import type { PopupState } from '../store/types';

export const PopupContext = createContext<{ store: PopupStore; api: PopupApi } | null>(null);

function usePopupContext() {
  const value = useContext(PopupContext);
  if (!value) throw new Error('PopupContext is missing');
  return value;
}

/** Reads the popup store through a selector (re-renders only when the selected value changes). */
export function usePopup<T>(selector: (state: PopupState) => T): T {
  return useStore(usePopupContext().store, selector);
}

export const usePopupApi = (): PopupApi => usePopupContext().api;
