import type { Token } from '../schemas/catalog';
import { defineVersionedItem } from './versionedItem';

/**
 * What the popup remembers between openings: the last form as the person left it, and which wallet they connected
 * (by its EIP-6963 rdns and name: its id changes with every page load). Never an approval or a signature: the
 * connection is re-checked silently (eth_accounts) on the next opening, and a wallet that forgot the site stays
 * disconnected.
 */
export type PopupMemory = {
  form?: {
    fromChainId?: number;
    fromToken?: Token;
    toChainId?: number;
    toToken?: Token;
    amountText: string;
    recipientText: string;
  };
  wallet?: { rdns?: string; name: string };
};

export const popupMemoryItem = defineVersionedItem<PopupMemory>('local:popupMemory', {
  fallback: {},
  migrations: {},
});
