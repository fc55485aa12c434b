import type { Token } from '../schemas/catalog';
import { defineVersionedItem } from './versionedItem';

/**
 * Tokens the person imported by address (not in the service's list), keyed `chainId:lower-case address`, with the
 * name, symbol and decimals the token contract itself answered through the trusted RPC. Bounded: the oldest go first.
 */
export const importedTokensItem = defineVersionedItem<Record<string, Token>>('local:importedTokens', {
  fallback: {},
  migrations: {},
});

export const MAX_IMPORTED_TOKENS = 200;
export const importedTokenKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;
