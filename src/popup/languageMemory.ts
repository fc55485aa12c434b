/**
 * The popup's language as last applied, kept in the page's localStorage like the theme (./theme.ts): read before the
 * first render, so a popup set to another language than the browser's loads that catalog (./language.ts, loaded only
 * then) before painting any word.
 */
const KEY = 'language';

export const languageMemory = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(value: string): void {
    try {
      localStorage.setItem(KEY, value);
    } catch {
      // Storage refused: the language still applies once the settings arrive.
    }
  },
};

/** A remembered language other than the browser's: the popup must load its catalog before the first render. */
export const rememberedOverride = (): boolean => {
  const remembered = languageMemory.get();
  return remembered === 'en' || remembered === 'de';
};
