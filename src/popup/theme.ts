import type { ThemeSetting } from '../model/settings';

const KEY = 'theme';

/**
 * The popup's theme from Settings, on <html data-theme>, which picks the light or dark half of every colour in
 * popup.css. Kept in the page's localStorage too, so the next opening paints in the right theme at once, before the
 * settings arrive from the background.
 */
export function applyTheme(theme: ThemeSetting): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Storage refused (private mode policies): the theme still applies once the settings arrive.
  }
}

export function applyRememberedTheme(): void {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(KEY);
  } catch {
    return;
  }
  if (remembered === 'light' || remembered === 'dark') document.documentElement.dataset.theme = remembered;
}
