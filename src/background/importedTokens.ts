import type { Token } from '../schemas/catalog';
import { importedTokensItem } from '../storage/importedTokens';

export type ImportedTokens = {
  /** The tokens the person imported by address, keyed by `importedTokenKey`. */
  all(): Promise<Record<string, Token>>;
  stop(): void;
};

/** Read once, then again only after an import: token searches answer on every keystroke. */
export function createImportedTokens(): ImportedTokens {
  let imported: Promise<Record<string, Token>> | undefined;
  const unwatch = importedTokensItem.watch(() => {
    imported = undefined;
  });
  return {
    all: () => {
      imported ??= importedTokensItem.getValue();
      return imported;
    },
    stop: unwatch,
  };
}
