import type { Settings } from '../storage/settings';

/** Settings as the UI may see them: the API key itself never leaves the background, only whether there is one. */
export type PublicSettings = Omit<Settings, 'apiKey'> & { hasApiKey: boolean };

/** `apiKey: ''` clears the key. */
export type SettingsPatch = Partial<Settings>;

export const THEME_SETTINGS = ['system', 'light', 'dark'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
